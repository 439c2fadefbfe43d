/**
 * Server-rendered pages under load (numbers, not pass/fail), with wrk: a page without a query, and one whose
 * query is campaign tags alone (what a link in an SMS campaign opens), from a portal that keeps them once rendered
 * (PAGE_CACHE_SECONDS=10, the default) and from one that renders them for every visitor (0), and a page with a
 * query (rendered for each visitor by both), two processes on the embedded database loaded in turn beside the
 * bare Fastify ceiling (interleaved.ts), as a browser asks (compressed). Needs the web build (`npm run build`, which `npm run bench:pages` runs first).
 *
 *   npm run bench:pages
 *   BENCH_ROUNDS=3 BENCH_CONNECTIONS=20 npm run bench:pages
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { interleaved } from './interleaved.js';
import { portalsSideBySide, ROOT, startCeiling, stop } from './portal.js';
import { wrk, type Target } from './wrk.js';

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
const SLICE_SECONDS = Number(process.env['BENCH_SLICE_SECONDS'] ?? 2);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
const SETTINGS = ['10', '0'];
const PAGES = [
  '/prepaid-recharge',
  // A campaign's link: campaign tags alone, kept like a page without a query.
  '/prepaid-recharge?utm_source=sms&utm_campaign=easter',
  '/prepaid-recharge?msisdn=8021000001&amount=500',
];
const BROWSER = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' };

async function main() {
  if (!existsSync(path.join(ROOT, 'web', 'dist-server', 'entry-server.js'))) {
    console.error('No web build: run `npm run build` first (npm run bench:pages does).');
    process.exit(1);
  }
  const ceiling = await startCeiling();
  try {
    const options = SETTINGS.map((seconds) => ({ env: { SERVE_WEB: 'true', PAGE_CACHE_SECONDS: seconds } }));
    await portalsSideBySide(options, async (portals) => {
      console.log(
        `pages, embedded database, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SLICE_SECONDS} s, the processes in turn beside the ceiling (medians; p99 the worst round)`,
      );
      for (const page of PAGES) {
        const contenders = portals.map((portal, i) => ({
          name: `PAGE_CACHE_SECONDS=${SETTINGS[i]}`,
          target: { url: `${portal.base}${page}`, headers: BROWSER } satisfies Target,
          pid: portal.process.pid!,
        }));
        for (const c of contenders) await wrk(c.target, CONNECTIONS, 1);
        const standings = await interleaved(
          [{ name: 'ceiling', target: { url: ceiling.url }, pid: ceiling.process.pid! }, ...contenders],
          CONNECTIONS,
          ROUNDS,
          SLICE_SECONDS,
        );
        console.log(`\n${page}`);
        for (const [name, s] of standings) {
          console.log(
            `  ${name.padEnd(22)} ${s.rps.toFixed(0).padStart(7)} req/s  p99 ${s.p99.toFixed(1).padStart(7)} ms  ${s.ratio.toFixed(3)} of the ceiling  ${s.cpuUs.toFixed(0).padStart(6)} µs CPU a request  non-2xx ${s.non2xx}`,
          );
        }
      }
    });
  } finally {
    await stop(ceiling.process);
  }
}

await main();
