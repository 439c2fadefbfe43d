/**
 * Load benchmark (numbers, not pass/fail), with wrk: requests per second and p99 latency of the hot reads
 * (configuration, a translation, the FAQ list, the status of an unknown and of a known transaction, the bundle
 * list for a number) and of /healthz, at 50 and 200 connections, each beside a bare Fastify route measured in
 * the same run (the ceiling), on the embedded database and on PostgreSQL. Then: /healthz and /readyz probed
 * (p50, p99, slowest) while a database-backed read is under load and while every read runs at once, at 50 and
 * 200 connections, the cost of request logging (info against warn), complete card payments on PostgreSQL, and
 * a CPU profile summary of the slowest read.
 *
 *   npm run bench:load                      # both databases (PostgreSQL at BENCH_DATABASE_URL, else local)
 *   BENCH_DATABASES=pglite BENCH_SECONDS=5 npm run bench:load
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { clientHeaders } from '@portal/contract/client-headers';
import { topSelfTime } from './cpu-profile.js';
import { wrk, type Target } from './wrk.js';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 5);
const ADMIN_URL = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASES = (process.env['BENCH_DATABASES'] ?? 'pglite,postgres').split(',') as Kind[];
const BASE_PORT = Number(process.env['BENCH_PORT'] ?? 18990);
const BFE = '/orp/bfe/api/portal-service';
const PAYMENT_CONNECTIONS = 20;
/** The spec's API key and service id (the portal under test runs with the default values). */
const API = clientHeaders();

type Kind = 'pglite' | 'postgres';
type Row = { name: string; rps: number; p99: number; errors: number };
type Read = { name: string; target: (base: string, tid: string) => Target; ratioTarget: number };

const READS: Read[] = [
  {
    name: 'config',
    ratioTarget: 0.5,
    target: (b) => ({ url: `${b}${BFE}/resource/v1/config?code=NG`, headers: API }),
  },
  {
    name: 'translation',
    ratioTarget: 0.5,
    target: (b) => ({
      url: `${b}${BFE}/cms/webpage/activePackage?opco=NG&pageUrl=translation&lang=en`,
      headers: API,
    }),
  },
  {
    name: 'FAQ list',
    ratioTarget: 0.5,
    target: (b) => ({ url: `${b}${BFE}/cms/webpage/getFaqs_pCategory?opco=NG&lang=en`, headers: API }),
  },
  {
    name: 'status (unknown tid)',
    ratioTarget: 0.25,
    target: (b) => ({ url: `${b}${BFE}/transaction/v1/status?tid=NOSUCHTRANSACTION`, headers: API }),
  },
  {
    name: 'status (known tid)',
    ratioTarget: 0.25,
    target: (b, tid) => ({ url: `${b}${BFE}/transaction/v1/status?tid=${tid}`, headers: API }),
  },
  {
    name: 'bundle list (a number)',
    ratioTarget: 0.25,
    target: (b) => ({
      url: `${b}${BFE}/product/v1/bundle`,
      method: 'POST',
      headers: API,
      body: { msisdn: '8021000001', lineType: 'PREPAID', serviceType: null },
    }),
  },
  { name: '/healthz', ratioTarget: 0.5, target: (b) => ({ url: `${b}/healthz` }) },
];

async function waitReady(url: string) {
  for (let i = 0; i < 720; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

function start(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'ignore' });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

type Portal = { base: string; process: ChildProcess };

/**
 * Waits until the portal answers /healthz within 50 ms again (at most 60 s): work a row left queued (upstream
 * calls, jobs) must not be charged to the next row.
 */
async function quiet(base: string) {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const t0 = performance.now();
    const ok = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok && performance.now() - t0 < 50) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The portal as a production process (logging at `logLevel`, as an operator runs it: info). */
async function startPortal(
  databaseUrl: string | undefined,
  dataDir: string,
  options: { logLevel?: string; nodeArgs?: string[] } = {},
): Promise<Portal> {
  const port = BASE_PORT + 1;
  const child = start([...(options.nodeArgs ?? []), '--import', 'tsx', 'server/src/main.ts'], {
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    LOG_LEVEL: options.logLevel ?? 'info',
    SERVE_WEB: 'false',
    RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const base = `http://127.0.0.1:${port}`;
  await waitReady(`${base}/readyz`);
  return { base, process: child };
}

/** One finished-or-pending payment, for the status of a known transaction. */
async function oneTransaction(base: string): Promise<string> {
  const init = await fetch(`${base}${BFE}/transaction/v1/initiate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...API, 'idempotency-key': `bench-status-${Date.now()}` },
    body: JSON.stringify({
      amount: 100,
      mobileNumber: '8021000001',
      transactionType: 'PREPAID_RECHARGE',
      paymentMode: 'PAYMENT_GATEWAY',
      paymentGateway: 'paystack',
      emailId: 'bench@example.com',
    }),
  }).then((r) => r.json() as Promise<{ result: { transactionId: string } }>);
  return init.result.transactionId;
}

type Probe = { p50: number; p99: number; max: number };

/**
 * /healthz and /readyz probed one at a time, as a load balancer probes, while `load` runs: p50, p99 and the
 * slowest answer of each (a failed probe counts as infinitely slow).
 */
async function probeDuring(base: string, load: Promise<unknown>) {
  const times: Record<'healthz' | 'readyz', number[]> = { healthz: [], readyz: [] };
  let running = true;
  void load.finally(() => (running = false));
  await new Promise((r) => setTimeout(r, 500));
  while (running) {
    for (const probe of ['healthz', 'readyz'] as const) {
      const t0 = performance.now();
      const response = await fetch(`${base}/${probe}`);
      await response.arrayBuffer();
      times[probe].push(response.ok ? performance.now() - t0 : Infinity);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  await load;
  const summary = (list: number[]): Probe => {
    const sorted = [...list].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
    return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
  };
  return { healthz: summary(times.healthz), readyz: summary(times.readyz), probes: times.healthz.length };
}

/**
 * Every read of the table but /healthz at once, `connections` in total shared between them: the routes
 * saturated together, as a busy hour is, while the probes run.
 */
function everyReadAtOnce(base: string, tid: string, connections: number) {
  const reads = READS.filter((r) => r.name !== '/healthz');
  const each = Math.max(2, Math.floor(connections / reads.length));
  return Promise.all(reads.map((r) => wrk(r.target(base, tid), each, SECONDS)));
}

type ProbeRow = {
  connections: number;
  /** What ran meanwhile: the status call alone, or every read at once. */
  load: string;
  healthz: Probe;
  readyz: Probe;
  probes: number;
};

type DbResult = {
  kind: Kind;
  ceiling: Record<number, number>;
  rows: { read: Read; connections: number; rps: number; p99: number; non2xx: number; errors: number }[];
  probes: ProbeRow[];
  payment?: Row;
  drain?: Awaited<ReturnType<typeof fulfilmentDrain>>;
};

async function benchDatabase(kind: Kind, ceilingUrl: string): Promise<DbResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const pgDb = kind === 'postgres' ? await freshDatabase() : undefined;
  const portal = await startPortal(pgDb?.url, dataDir);
  try {
    const tid = await oneTransaction(portal.base);
    const result: DbResult = { kind, ceiling: {}, rows: [], probes: [] };
    for (const connections of [50, 200]) {
      result.ceiling[connections] = (await wrk({ url: ceilingUrl }, connections, SECONDS)).rps;
      for (const read of READS) {
        await quiet(portal.base);
        const measured = await wrk(read.target(portal.base, tid), connections, SECONDS);
        result.rows.push({ read, connections, ...measured });
      }
      await quiet(portal.base);
      const statusLoad = wrk(
        { url: `${portal.base}${BFE}/transaction/v1/status?tid=${tid}`, headers: API },
        connections,
        SECONDS,
      );
      result.probes.push({
        connections,
        load: 'the status call',
        ...(await probeDuring(portal.base, statusLoad)),
      });
      await quiet(portal.base);
      result.probes.push({
        connections,
        load: 'every read at once',
        ...(await probeDuring(portal.base, everyReadAtOnce(portal.base, tid, connections))),
      });
    }
    if (kind === 'postgres' && pgDb) {
      const paidFrom = Date.now();
      result.payment = await payments(portal.base);
      result.drain = await fulfilmentDrain(pgDb.url, paidFrom);
    }
    return result;
  } finally {
    await stop(portal.process);
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function freshDatabase() {
  const name = `portal_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await c.end();
    },
  };
}

/** Request logging on (info: one line per request) against off (warn), on the embedded database. */
async function loggingCost() {
  const rows: { level: string; read: string; rps: number; p99: number }[] = [];
  for (const logLevel of ['info', 'warn']) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
    const portal = await startPortal(undefined, dataDir, { logLevel });
    try {
      const tid = await oneTransaction(portal.base);
      for (const read of [READS[0]!, READS[4]!]) {
        await quiet(portal.base);
        const measured = await wrk(read.target(portal.base, tid), 50, SECONDS);
        rows.push({ level: logLevel, read: read.name, rps: measured.rps, p99: measured.p99 });
      }
    } finally {
      await stop(portal.process);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return rows;
}

/** A CPU profile of the portal while `read` is under load at 50 connections (node --cpu-prof). */
async function profile(read: Read, kind: Kind) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const profileDir = path.join(dataDir, 'profile');
  const pgDb = kind === 'postgres' ? await freshDatabase() : undefined;
  const portal = await startPortal(pgDb?.url, dataDir, {
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
  });
  try {
    const tid = await oneTransaction(portal.base);
    await wrk(read.target(portal.base, tid), 50, SECONDS);
  } finally {
    await stop(portal.process);
    await pgDb?.drop();
  }
  const top = topSelfTime(profileDir);
  rmSync(dataDir, { recursive: true, force: true });
  return top;
}

const fmt = (n: number, digits = 0) => n.toFixed(digits).padStart(8);

function printDatabase(result: DbResult) {
  console.log(
    `\n${result.kind === 'pglite' ? 'embedded database (PGlite)' : 'PostgreSQL'}, ${SECONDS} s per row`,
  );
  console.log('endpoint                     conns    req/s   p99 ms  non-2xx   errors  ratio  target');
  for (const connections of [50, 200]) {
    const ceiling = result.ceiling[connections] ?? 0;
    console.log(`${'bare Fastify (ceiling)'.padEnd(28)} ${String(connections).padStart(5)} ${fmt(ceiling)}`);
    for (const row of result.rows.filter((r) => r.connections === connections)) {
      const ratio = ceiling ? row.rps / ceiling : 0;
      console.log(
        `${row.read.name.padEnd(28)} ${String(connections).padStart(5)} ${fmt(row.rps)} ${fmt(row.p99, 1)} ${fmt(row.non2xx)} ${fmt(row.errors)}  ${ratio.toFixed(3)}  ${ratio >= row.read.ratioTarget ? 'ok' : `< ${row.read.ratioTarget}`}${connections === 50 && row.p99 >= 50 ? ', p99 >= 50 ms' : ''}`,
      );
    }
  }
  const probe = (name: string, p: Probe) =>
    `${name} p50 ${p.p50.toFixed(1)} / p99 ${p.p99.toFixed(1)} / max ${p.max.toFixed(1)} ms${p.max < 100 ? '' : ' (over 100 ms)'}`;
  for (const p of result.probes) {
    console.log(
      `probes while ${p.load} runs at ${p.connections} connections: ${probe('/healthz', p.healthz)}; ${probe('/readyz', p.readyz)} (${p.probes} probes each; target: every answer < 100 ms)`,
    );
  }
  if (result.payment && result.drain) {
    console.log(
      `card payments (initiate + process + checkout + return, ${PAYMENT_CONNECTIONS} at once): ${result.payment.rps.toFixed(1)}/s, p99 ${result.payment.p99.toFixed(0)} ms, ${result.payment.errors} errors; ${result.drain.fulfilled} of ${result.drain.total} FULFILLED, the last ${result.drain.lagSeconds.toFixed(1)} s after the payment phase`,
    );
  }
}

async function main() {
  const ceilingPort = BASE_PORT;
  const ceiling = start(['--import', 'tsx', 'bench/src/bare-fastify.ts'], { PORT: String(ceilingPort) });
  const ceilingUrl = `http://127.0.0.1:${ceilingPort}/`;
  try {
    await waitReady(ceilingUrl);
    const results: DbResult[] = [];
    for (const kind of DATABASES) {
      results.push(await benchDatabase(kind, ceilingUrl));
      printDatabase(results.at(-1)!);
    }
    const logging = await loggingCost();
    console.log('\nrequest logging, embedded database, 50 connections:');
    for (const read of new Set(logging.map((r) => r.read))) {
      const on = logging.find((r) => r.read === read && r.level === 'info')!;
      const off = logging.find((r) => r.read === read && r.level === 'warn')!;
      console.log(
        `  ${read.padEnd(22)} info (one line per request) ${on.rps.toFixed(0)} req/s p99 ${on.p99.toFixed(1)} ms; warn (none) ${off.rps.toFixed(0)} req/s p99 ${off.p99.toFixed(1)} ms; cost ${((1 - on.rps / off.rps) * 100).toFixed(0)} %`,
      );
    }
    const first = results[0]!;
    const ceiling50 = first.ceiling[50] ?? 1;
    const slowest = first.rows
      .filter((r) => r.connections === 50 && r.read.name !== '/healthz')
      .sort((a, b) => a.rps / ceiling50 / a.read.ratioTarget - b.rps / ceiling50 / b.read.ratioTarget)[0]!;
    const top = await profile(slowest.read, first.kind);
    console.log(
      `\nwhere the time goes: CPU profile of the portal under '${slowest.read.name}' (${first.kind}), self time`,
    );
    for (const t of top) console.log(`  ${(t.share * 100).toFixed(1).padStart(5)} %  ${t.name}`);
  } finally {
    await stop(ceiling);
  }
}

/** Complete payments by as many concurrent "subscribers" as connections, for the duration. */
async function payments(base: string): Promise<Row> {
  const latencies: number[] = [];
  let errors = 0;
  let seq = 0;
  const until = Date.now() + SECONDS * 1000;
  const json = { 'content-type': 'application/json', ...API };
  async function one() {
    const t0 = performance.now();
    const init = await fetch(`${base}${BFE}/transaction/v1/initiate`, {
      method: 'POST',
      headers: { ...json, ...API, 'idempotency-key': `bench-${process.pid}-${++seq}-${Date.now()}` },
      body: JSON.stringify({
        amount: 100,
        mobileNumber: '8021000001',
        transactionType: 'PREPAID_RECHARGE',
        paymentMode: 'PAYMENT_GATEWAY',
        paymentGateway: 'paystack',
        emailId: 'bench@example.com',
      }),
    }).then((r) => r.json() as Promise<{ result: { transactionId: string } }>);
    const transactionId = init.result.transactionId;
    const proc = await fetch(`${base}${BFE}/transaction/v1/process`, {
      method: 'POST',
      headers: { ...json, ...API },
      body: JSON.stringify({ transactionId, paymentMode: 'PAYMENT_GATEWAY', paymentGateway: 'paystack' }),
    }).then((r) => r.json() as Promise<{ result: { redirectUrl: string } }>);
    const checkout = await fetch(proc.result.redirectUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cardNumber: '4084084084084081', expiry: '12/30', cvv: '408' }).toString(),
    });
    const callback = checkout.headers.get('location');
    if (!callback) throw new Error('no callback');
    await fetch(callback, { redirect: 'manual' });
    latencies.push(performance.now() - t0);
  }
  await Promise.all(
    Array.from({ length: PAYMENT_CONNECTIONS }, async () => {
      while (Date.now() < until) await one().catch(() => errors++);
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    name: 'card payment (4 calls)',
    rps: latencies.length / SECONDS,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    errors,
  };
}

/**
 * How long the job queue needs to give the value of every paid payment: polls the transaction states
 * until nothing is PAID (paid, value not yet given) or 120 s pass.
 */
async function fulfilmentDrain(databaseUrl: string, since: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const phaseEnd = Date.now();
  try {
    for (;;) {
      const { rows } = await client.query<{ state: string; n: string }>(
        'SELECT state, count(*) AS n FROM transactions WHERE created_at >= to_timestamp($1 / 1000.0) GROUP BY state',
        [since],
      );
      const count = (state: string) => Number(rows.find((r) => r.state === state)?.n ?? 0);
      const waiting = count('PAID');
      const fulfilled = count('FULFILLED');
      if (waiting === 0 || Date.now() - phaseEnd > 120_000) {
        const now = Date.now();
        return {
          total: fulfilled + waiting,
          fulfilled,
          lagSeconds: (now - phaseEnd) / 1000,
          perSecond: fulfilled / ((now - since) / 1000),
        };
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await client.end();
  }
}

await main();
