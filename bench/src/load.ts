/**
 * Load benchmark (numbers, not pass/fail), with wrk: requests per second and p99 latency of the hot reads
 * (configuration, a translation, the FAQ list, the status of an unknown and of a known transaction, the bundle
 * list for a number) and of /healthz, at 50 and 200 connections, each beside a bare Fastify route (the
 * ceiling): the read and the ceiling are loaded in turn, BENCH_ROUNDS rounds of BENCH_SLICE_SECONDS each, and
 * a ratio is taken within a round (interleaved.ts), on the embedded database and on PostgreSQL. Then:
 * /healthz and /readyz probed (p50, p99, slowest) while a database-backed read is under load and while every
 * read runs at once, at 50 and 200 connections; complete card payments on each database (payments.ts: payments
 * per second, each step, the delay from charge to credit, where the CPU went); the cost of request logging
 * (info against warn) and the bundle list with the number's line kept and not kept, each pair two processes
 * loaded in turn with the ceiling; and a CPU profile summary of the slowest read.
 *
 *   npm run bench:load                      # both databases (PostgreSQL at BENCH_DATABASE_URL, else local)
 *   BENCH_DATABASES=pglite BENCH_ROUNDS=3 npm run bench:load
 *   BENCH_PROBES_ONLY=1 npm run bench:load   # only the health probes under load (a minute a database)
 */
import path from 'node:path';
import { clientHeaders } from '@portal/contract/client-headers';
import { selfTimeByPackage, topSelfTime, type Window } from './cpu-profile.js';
import { benchPayments, printPayments, type PaymentsResult } from './payments.js';
import {
  freshDatabase,
  portalsSideBySide,
  quiet,
  scratchDir,
  startCeiling,
  startPortal,
  stop,
  type Kind,
} from './portal.js';
import { interleaved, type Contender, type Standing } from './interleaved.js';
import { wrk, type Target } from './wrk.js';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 5);
/** A read and the ceiling are loaded in turn, this many rounds of this many seconds each (interleaved.ts). */
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
const SLICE_SECONDS = Number(process.env['BENCH_SLICE_SECONDS'] ?? 2);
const DATABASES = (process.env['BENCH_DATABASES'] ?? 'pglite,postgres').split(',') as Kind[];
const PROBES_ONLY = process.env['BENCH_PROBES_ONLY'] === '1';
const BFE = '/orp/bfe/api/portal-service';
/**
 * The spec's API key and service id (the portal under test runs with the default values), and the encodings a
 * browser accepts: the answers kept in memory are sent precompressed, as a subscriber's browser receives them.
 */
const API = { ...clientHeaders(), 'accept-encoding': 'gzip, deflate, br' };

/**
 * One second of the same load, not counted: the first requests of a fresh process run before the JIT has
 * compiled the route and fill the per-version caches, and a p99 of a cold start says nothing of a busy day.
 */
async function warmUp(target: Target, connections: number) {
  await wrk(target, connections, 1);
}

type Ceiling = { url: string; pid: number };
const CEILING = 'bare Fastify (ceiling)';

/** `contenders` loaded in turn with the ceiling, round after round: each one's figures and ratio to it. */
function beside(ceiling: Ceiling, contenders: Contender[], connections: number) {
  return interleaved(
    [{ name: CEILING, target: { url: ceiling.url }, pid: ceiling.pid }, ...contenders],
    connections,
    ROUNDS,
    SLICE_SECONDS,
  );
}

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
  rows: ({ read: Read; connections: number; ceiling: number } & Standing)[];
  probes: ProbeRow[];
};

async function benchDatabase(kind: Kind, ceiling: Ceiling): Promise<DbResult> {
  const scratch = scratchDir();
  const pgDb = kind === 'postgres' ? await freshDatabase() : undefined;
  const portal = await startPortal(pgDb?.url, scratch.dir);
  try {
    const tid = await oneTransaction(portal.base);
    const result: DbResult = { kind, rows: [], probes: [] };
    for (const connections of [50, 200]) {
      for (const read of PROBES_ONLY ? [] : READS) {
        await quiet(portal.base);
        const target = read.target(portal.base, tid);
        await warmUp(target, connections);
        const standings = await beside(
          ceiling,
          [{ name: read.name, target, pid: portal.process.pid! }],
          connections,
        );
        const own = standings.get(read.name)!;
        result.rows.push({ read, connections, ceiling: standings.get(CEILING)!.rps, ...own });
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
    return result;
  } finally {
    await stop(portal.process);
    await pgDb?.drop();
    scratch.remove();
  }
}

/**
 * Request logging on (info: one line per request) against off (warn), on the embedded database: two processes
 * loaded in turn, round after round, beside the ceiling.
 */
async function loggingCost(ceiling: Ceiling) {
  const levels = ['info', 'warn'];
  return portalsSideBySide(
    levels.map((logLevel) => ({ logLevel })),
    async (portals) => {
      const rows: { read: string; level: string; standing: Standing }[] = [];
      const tid = await oneTransaction(portals[0]!.base);
      for (const read of READS.filter((r) => ['config', 'status (unknown tid)'].includes(r.name))) {
        const contenders = portals.map((portal, i) => ({
          name: levels[i]!,
          target: read.target(portal.base, tid),
          pid: portal.process.pid!,
        }));
        for (const c of contenders) await warmUp(c.target, 50);
        const standings = await beside(ceiling, contenders, 50);
        for (const level of levels) rows.push({ read: read.name, level, standing: standings.get(level)! });
      }
      return rows;
    },
  );
}

/**
 * The bundle list for a number with the number's line kept (SUBSCRIBER_LINE_CACHE_SECONDS, default 60: the
 * table's row, which asks one number again and again) against not kept (0: the core is asked every time, as
 * for a number's first request), on the embedded database: two processes in turn, beside the ceiling.
 */
async function lineCacheCost(ceiling: Ceiling) {
  const bundles = READS.find((r) => r.name === 'bundle list (a number)')!;
  const settings = ['60', '0'];
  return portalsSideBySide(
    settings.map((seconds) => ({ env: { SUBSCRIBER_LINE_CACHE_SECONDS: seconds } })),
    async (portals) => {
      const contenders = portals.map((portal, i) => ({
        name: settings[i]!,
        target: bundles.target(portal.base, ''),
        pid: portal.process.pid!,
      }));
      for (const c of contenders) await warmUp(c.target, 50);
      const standings = await beside(ceiling, contenders, 50);
      return settings.map((seconds) => ({ seconds, standing: standings.get(seconds)! }));
    },
  );
}

/** A CPU profile of the portal while `read` is under load at 50 connections (node --cpu-prof). */
async function profile(read: Read, kind: Kind) {
  const scratch = scratchDir();
  const profileDir = path.join(scratch.dir, 'profile');
  const pgDb = kind === 'postgres' ? await freshDatabase() : undefined;
  const portal = await startPortal(pgDb?.url, scratch.dir, {
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
  });
  let window: Window;
  try {
    const tid = await oneTransaction(portal.base);
    await warmUp(read.target(portal.base, tid), 50);
    const from = Date.now();
    await wrk(read.target(portal.base, tid), 50, SECONDS);
    const to = Date.now();
    await stop(portal.process);
    // Only the samples of the measured load: not the start-up, the warm-up or the stop.
    window = { from, to, exitedAt: Date.now() };
  } finally {
    await stop(portal.process);
    await pgDb?.drop();
  }
  const top = {
    byPackage: selfTimeByPackage(profileDir, 10, window),
    byFunction: topSelfTime(profileDir, 15, window),
  };
  scratch.remove();
  return top;
}

const fmt = (n: number, digits = 0) => n.toFixed(digits).padStart(8);

function printDatabase(result: DbResult) {
  console.log(
    `\n${result.kind === 'pglite' ? 'embedded database (PGlite)' : 'PostgreSQL'}, ${ROUNDS} rounds of ${SLICE_SECONDS} s per row, each beside the ceiling (medians; p99 the worst round)`,
  );
  console.log(
    'endpoint                     conns    req/s   p99 ms  non-2xx   errors  ceiling  ratio  target       CPU µs/req  CPU ratio',
  );
  for (const row of result.rows) {
    const verdict = row.ratio >= row.read.ratioTarget ? 'ok' : `< ${row.read.ratioTarget}`;
    const slow = row.connections === 50 && row.p99 >= 50 ? ', p99 >= 50 ms' : '';
    console.log(
      `${row.read.name.padEnd(28)} ${String(row.connections).padStart(5)} ${fmt(row.rps)} ${fmt(row.p99, 1)} ${fmt(row.non2xx)} ${fmt(row.errors)} ${fmt(row.ceiling)}  ${row.ratio.toFixed(3)}  ${`${verdict}${slow}`.padEnd(11)} ${fmt(row.cpuUs, 1).padStart(11)}  ${row.cpuRatio.toFixed(3)}`,
    );
  }
  const probe = (name: string, p: Probe) =>
    `${name} p50 ${p.p50.toFixed(1)} / p99 ${p.p99.toFixed(1)} / max ${p.max.toFixed(1)} ms${p.max < 100 ? '' : ' (over 100 ms)'}`;
  for (const p of result.probes) {
    console.log(
      `probes while ${p.load} runs at ${p.connections} connections: ${probe('/healthz', p.healthz)}; ${probe('/readyz', p.readyz)} (${p.probes} probes each; target: every answer < 100 ms)`,
    );
  }
}

const standingText = (s: Standing) =>
  `${s.rps.toFixed(0)} req/s p99 ${s.p99.toFixed(1)} ms, ${s.ratio.toFixed(3)} of the ceiling, ${s.cpuUs.toFixed(1)} µs CPU a request`;

async function main() {
  const started = await startCeiling();
  const ceiling = { url: started.url, pid: started.process.pid! };
  try {
    const results: DbResult[] = [];
    for (const kind of DATABASES) {
      results.push(await benchDatabase(kind, ceiling));
      printDatabase(results.at(-1)!);
    }
    if (PROBES_ONLY) return;
    const payments: PaymentsResult[] = [];
    for (const kind of DATABASES) {
      payments.push(await benchPayments(kind, ceiling.url));
      printPayments(payments.at(-1)!);
    }
    console.log('\nrequest logging, embedded database, 50 connections, the two processes in turn:');
    const logging = await loggingCost(ceiling);
    for (const read of new Set(logging.map((r) => r.read))) {
      const on = logging.find((r) => r.read === read && r.level === 'info')!.standing;
      const off = logging.find((r) => r.read === read && r.level === 'warn')!.standing;
      console.log(`  ${read}: info (one line per request) ${standingText(on)}`);
      console.log(`  ${read}: warn (none)                  ${standingText(off)}`);
      console.log(
        `  ${read}: the line costs ${(on.cpuUs - off.cpuUs).toFixed(1)} µs CPU a request, ${((1 - on.rps / off.rps) * 100).toFixed(0)} % of req/s`,
      );
    }
    console.log('\nbundle list for a number, embedded database, 50 connections, the two processes in turn:');
    for (const { seconds, standing } of await lineCacheCost(ceiling)) {
      console.log(
        `  SUBSCRIBER_LINE_CACHE_SECONDS=${seconds.padEnd(3)} ${standingText(standing)}${seconds === '0' ? ' (the core asked every time)' : ' (the line kept)'}`,
      );
    }
    const first = results[0]!;
    const slowest = first.rows
      .filter((r) => r.connections === 50 && r.read.name !== '/healthz')
      .sort((a, b) => a.ratio / a.read.ratioTarget - b.ratio / b.read.ratioTarget)[0]!;
    const top = await profile(slowest.read, first.kind);
    console.log(
      `\nwhere the time goes: CPU profile of the portal under '${slowest.read.name}' (${first.kind}), self time`,
    );
    for (const [heading, rows] of [
      ['by package or module', top.byPackage],
      ['by function', top.byFunction],
    ] as const) {
      console.log(`  ${heading}:`);
      for (const t of rows) console.log(`    ${(t.share * 100).toFixed(1).padStart(5)} %  ${t.name}`);
    }
  } finally {
    await stop(started.process);
  }
}

await main();
