/**
 * Lighthouse benchmark (numbers, not pass/fail): the mobile preset (simulated slow 4G, 4x CPU slowdown)
 * against the production build started the README's way (embedded database, sandbox mounted), with Debian's
 * Chromium. Prints per route the performance score, LCP, TBT, CLS and the compressed bytes of HTML, CSS and
 * JS the page loads, the median of BENCH_RUNS runs (default 3).
 *
 *   npm run bench:lighthouse            (builds first)
 *   BENCH_RUNS=5 BENCH_ROUTES=/,/gethelp npm run bench:lighthouse
 *   BENCH_DETAIL=1 npm run bench:lighthouse   (also each run's long tasks: where the blocking time goes)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { median } from './median.js';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const PORT = Number(process.env['BENCH_PORT'] ?? 8097);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
const DETAIL = process.env['BENCH_DETAIL'] === '1';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** The routes; the status page gets a real, successful card payment of its own. */
const DEFAULT_ROUTES = [
  '/',
  '/prepaid-recharge',
  '/data-bundle',
  '/gethelp',
  '/payment/status?id=',
  '/storeLocator',
];

type Figures = {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  html: number;
  css: number;
  js: number;
};

async function waitReady(): Promise<void> {
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`${BASE}/readyz`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the portal did not start');
}

/** A paid prepaid recharge, the way a browser without JavaScript makes one: its status page's URL. */
async function paidTransaction(): Promise<string> {
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    redirect: 'manual' as const,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  const start = await fetch(`${BASE}/prepaid-recharge`, form({ msisdn: '8021000001', amount: '500' }));
  const paymentUrl = new URL(start.headers.get('location') ?? '', BASE).href;
  const page = await (await fetch(paymentUrl)).text();
  const attempt = /name="attempt" value="([^"]+)"/.exec(page)?.[1] ?? '';
  const fields = { intent: 'card', attempt, paymentGateway: 'paystack', email: 'bench@example.com' };
  const checkout = (await fetch(paymentUrl, form(fields))).headers.get('location') ?? '';
  const card = { mode: 'redirect', cardNumber: '4084084084084081', expiry: '12/30', cvv: '408' };
  const callback = (await fetch(new URL(checkout, BASE), form(card))).headers.get('location') ?? '';
  const status = (await fetch(new URL(callback, BASE), { redirect: 'manual' })).headers.get('location') ?? '';
  const id = new URL(status, BASE).searchParams.get('id');
  if (!id) throw new Error('no paid transaction for the status page');
  return id;
}

/** One Lighthouse run; a run whose trace came out broken (NO_NAVSTART, seen with this Chromium) is repeated. */
async function audit(url: string, port: number, attempt = 1): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  if (result.lhr.runtimeError) {
    if (attempt < 4) return audit(url, port, attempt + 1);
    throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.code}`);
  }
  const { audits, categories } = result.lhr;
  const summary =
    (audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] })
      ?.items ?? [];
  const bytes = (type: string) => summary.find((item) => item.resourceType === type)?.transferSize ?? 0;
  if (DETAIL) printLongTasks(audits['long-tasks']?.details);
  return {
    score: Math.round((categories['performance']?.score ?? 0) * 100),
    lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    html: bytes('document'),
    css: bytes('stylesheet'),
    js: bytes('script'),
  };
}

/** Lighthouse's long tasks (simulated durations, 4x CPU): each adds its time over 50 ms to TBT. */
function printLongTasks(details: unknown): void {
  const items = (details as { items?: { url?: string; startTime: number; duration: number }[] })?.items ?? [];
  const tasks = items.map((t) => {
    const where = URL.canParse(t.url ?? '')
      ? new URL(t.url!).pathname.replace(/^.*\//, '') || '(document)'
      : (t.url ?? 'unattributed');
    return `${Math.round(t.startTime)}+${Math.round(t.duration)} ms ${where}`;
  });
  console.log(`    long tasks: ${tasks.join('; ') || 'none'}`);
}

function row(route: string, runs: Figures[]): string {
  const m = (key: keyof Figures) => median(runs.map((r) => r[key]));
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const cells = [
    route.padEnd(22),
    String(m('score')).padStart(5),
    `${(m('lcp') / 1000).toFixed(2)} s`.padStart(8),
    `${Math.round(m('tbt'))} ms`.padStart(8),
    m('cls').toFixed(3).padStart(6),
    kb(m('html')).padStart(9),
    kb(m('css')).padStart(9),
    kb(m('js')).padStart(9),
    `  (score ${runs.map((r) => r.score).join('/')})`,
  ];
  return cells.join(' ');
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
  const portal = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    await waitReady();
    const id = await paidTransaction();
    const routes = (process.env['BENCH_ROUTES']?.split(',') ?? DEFAULT_ROUTES).map((r) =>
      r.endsWith('?id=') ? `${r}${id}` : r,
    );
    console.log(`Lighthouse ${RUNS}x per route, mobile preset (slow 4G, 4x CPU), median; bytes compressed`);
    console.log('route                  score      LCP      TBT    CLS      HTML       CSS        JS');
    for (const route of routes) {
      // One unmeasured visit first: the server's first render of a route warms its code.
      await fetch(`${BASE}${route}`);
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(`${BASE}${route}`, chrome.port));
      console.log(row(route.replace(/id=.*/, 'id=…'), runs));
    }
  } finally {
    await chrome.kill();
    portal.kill('SIGTERM');
    await new Promise((resolve) => portal.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
