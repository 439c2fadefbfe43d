/**
 * Card payments throughput (numbers, not pass/fail): virtual payers, each doing the whole card journey over
 * real HTTP as a browser does - initiate, process, the gateway's hosted checkout, the return to the portal
 * (which verifies with the gateway before it answers) - one payment after another, against a production
 * process of the portal (sandbox mounted, logging at info) on the embedded database and on a fresh
 * PostgreSQL database. Fulfilment (the core's credit) is the job queue's. Prints, beside the bare Fastify
 * ceiling measured in the same run: payments per second, p50/p99 of each step, and for every paid payment
 * the delay from the gateway's charge to the core's credit (p50, p99, max) with where that delay went
 * (charge -> PAID -> credit), then a CPU profile summary of the portal during the run and the timeline of
 * the slowest payment.
 *
 *   npm run bench:payments                       # both databases (PostgreSQL at BENCH_DATABASE_URL)
 *   BENCH_DATABASES=postgres BENCH_SECONDS=10 BENCH_PAYERS=32 npm run bench:payments
 *   BENCH_SANDBOX=process BENCH_DATABASES=postgres npm run bench:payments
 *
 * With BENCH_SANDBOX=process (PostgreSQL only), the sandbox (the gateway, its hosted checkout, the core and the
 * SMS centre) runs in a process of its own, as the operator's and the providers' systems do, and the portal
 * reaches it over HTTP (CORE_URL, SMS_URL, CARD_GATEWAY_URL): the portal's own CPU per payment is then
 * measured apart from the simulators'.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkoutCard, initiateCard, processCard, returnToPortal } from '@portal/deploy/drive';
import { selfTimeByPackage, topSelfTime, type SelfTime } from './cpu-profile.js';
import {
  BASE_PORT,
  freshDatabase,
  processCpuMs,
  readDatabase,
  scratchDir,
  startCeiling,
  startPortal,
  stop,
  type Kind,
} from './portal.js';
import { wrk } from './wrk.js';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const SANDBOX_APART = process.env['BENCH_SANDBOX'] === 'process';
const PAYERS = Number(process.env['BENCH_PAYERS'] ?? 32);
const SUCCESS_CARD = '4084084084084081';
/** The sandbox's prepaid lines that take a card recharge: payers spread over them, as real payers differ. */
const NUMBERS = ['8021000001', '8021000004', '8021000006'];
const STEPS = ['initiate', 'process', 'checkout', 'return'] as const;
type Step = (typeof STEPS)[number];

/** The portal as the bench runs it: limits that would refuse a crowd of payers from one address raised. */
const PORTAL_ENV = {
  RATE_LIMIT_PER_MINUTE: '100000000',
  // Every payer buys the same recharge again and again (decision 0070's guard would ask "buy again?").
  DUPLICATE_PURCHASE_WINDOW_MINUTES: '0',
};

type Timeline = {
  id: string;
  state: string;
  charged_at: Date | null;
  paid_at: Date | null;
  credited_at: Date | null;
  fulfilled_at: Date | null;
};

export type PaymentsResult = {
  kind: Kind;
  seconds: number;
  payers: number;
  ceiling: number;
  journeys: number;
  errors: Record<Step, number>;
  firstErrors: string[];
  steps: Record<Step, number[]>;
  timelines: Timeline[];
  drainedAfterMs: number;
  /** CPU the portal process used (user + system) per completed payment: robust to a busy machine. */
  cpuMsPerPayment: number;
  /** With the sandbox in a process of its own: that process's CPU per completed payment. */
  sandboxCpuMsPerPayment?: number;
  /** PostgreSQL's server processes and the payers (this bench's process) per completed payment. */
  databaseCpuMsPerPayment?: number;
  payersCpuMsPerPayment: number;
  profile: { byPackage: SelfTime[]; byFunction: SelfTime[] };
  slowestJourney?: { id: string; steps: Record<Step, number> };
};

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]! : 0;
const sortedOf = (list: number[]) => [...list].sort((a, b) => a - b);

/** Payers paying one payment after another until the time is up. */
async function drive(base: string) {
  const steps: Record<Step, number[]> = { initiate: [], process: [], checkout: [], return: [] };
  const errors: Record<Step, number> = { initiate: 0, process: 0, checkout: 0, return: 0 };
  const firstErrors: string[] = [];
  const ids: string[] = [];
  let slowest: { id: string; total: number; steps: Record<Step, number> } | undefined;
  const until = Date.now() + SECONDS * 1000;

  /** Runs one step, timed; a failure is counted against the step and ends this payment. */
  async function timed<T>(step: Step, times: Record<Step, number>, work: () => Promise<T | undefined>) {
    const t0 = performance.now();
    try {
      const value = await work();
      if (value === undefined) throw new Error('no answer');
      times[step] = performance.now() - t0;
      steps[step].push(times[step]);
      return value;
    } catch (error) {
      errors[step]++;
      if (firstErrors.length < 5) firstErrors.push(`${step}: ${String(error)}`);
      return undefined;
    }
  }

  async function pay(payer: number) {
    const times = { initiate: 0, process: 0, checkout: 0, return: 0 };
    const mobileNumber = NUMBERS[payer % NUMBERS.length]!;
    const id = await timed('initiate', times, () => initiateCard(base, 100, { mobileNumber, tries: 1 }));
    if (!id) return;
    ids.push(id);
    const started = await timed('process', times, async () => {
      const answer = await processCard(base, id, { tries: 1 });
      if (answer.error) throw new Error(answer.error);
      return answer.redirectUrl;
    });
    if (!started) return;
    const callback = await timed('checkout', times, () => checkoutCard(started, SUCCESS_CARD, { tries: 1 }));
    if (!callback) return;
    const landed = await timed('return', times, () => returnToPortal(callback));
    if (!landed) return;
    if (!landed.startsWith('/payment/status')) {
      errors.return++;
      return;
    }
    const total = STEPS.reduce((sum, step) => sum + times[step], 0);
    if (!slowest || total > slowest.total) slowest = { id, total, steps: times };
  }

  const t0 = Date.now();
  await Promise.all(
    Array.from({ length: PAYERS }, async (_, payer) => {
      while (Date.now() < until) await pay(payer);
    }),
  );
  return { steps, errors, firstErrors, ids, slowest, elapsed: (Date.now() - t0) / 1000 };
}

/** The portal process's CPU seconds so far (user + system), from its metrics. */
async function cpuSeconds(base: string): Promise<number> {
  const text = await fetch(`${base}/metrics`).then((r) => r.text());
  const total = /^portal_process_cpu_seconds_total (\S+)/m.exec(text);
  return Number(total?.[1] ?? 0);
}

/**
 * CPU seconds (user + system) used so far by every PostgreSQL server process of this machine, from /proc
 * (Linux): the database's share of a payment, when nothing else uses it meanwhile.
 */
function postgresCpuSeconds(): number {
  let ms = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') ms += processCpuMs(Number(pid));
    } catch {
      // the process ended meanwhile
    }
  }
  return ms / 1000;
}

/** Waits (at most 60 s) until no payment waits for its value or its refund, as the portal's metrics say. */
async function drained(base: string): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < 60_000) {
    const text = await fetch(`${base}/metrics`)
      .then((r) => r.text())
      .catch(() => '');
    const waiting = [...text.matchAll(/^portal_payments_open\{state="(PAID|REFUND_PENDING)"\} (\d+)/gm)];
    if (text && waiting.every((m) => m[2] === '0')) return Date.now() - t0;
    await new Promise((r) => setTimeout(r, 100));
  }
  return Date.now() - t0;
}

/** Each payment's life from the records of the gateway, the portal and the core (one database, one clock). */
const TIMELINES = `
  SELECT t.id, t.state, c.paid_at AS charged_at, t.paid_at, o.created_at AS credited_at, t.fulfilled_at
  FROM transactions t
  LEFT JOIN sandbox.card_transactions c ON c.reference = t.provider_reference
  LEFT JOIN sandbox.operations o ON o.operation_id = t.id || ':fulfil'
  WHERE t.id = ANY($1)`;

/**
 * The outside world in a process of its own: a portal instance that runs no jobs and serves only its sandbox,
 * whose notifications and returning browsers go to the portal under test (SANDBOX_PORTAL_URL). Both share the
 * database and the data directory (the generated keys the gateway signs with).
 */
async function startSandboxApart(databaseUrl: string, dataDir: string) {
  const port = BASE_PORT + 2;
  const portalUrl = `http://127.0.0.1:${BASE_PORT + 1}`;
  const sandbox = await startPortal(databaseUrl, dataDir, {
    port,
    env: { ...PORTAL_ENV, RUN_JOBS: 'false', SANDBOX_PORTAL_URL: portalUrl },
    logFile: join(dataDir, 'sandbox.log'),
  });
  const upstreams = {
    CORE_URL: `${sandbox.base}/sandbox/core/api`,
    SMS_URL: `${sandbox.base}/sandbox/sms/api`,
    CARD_GATEWAY_URL: `${sandbox.base}/sandbox/paystack`,
  };
  return { sandbox, upstreams };
}

export async function benchPayments(kind: Kind, ceilingUrl: string): Promise<PaymentsResult> {
  const scratch = scratchDir();
  const profileDir = join(scratch.dir, 'profile');
  const database = kind === 'postgres' ? await freshDatabase('payments') : undefined;
  const apart = SANDBOX_APART && database ? await startSandboxApart(database.url, scratch.dir) : undefined;
  const portal = await startPortal(database?.url, scratch.dir, {
    env: { ...PORTAL_ENV, ...apart?.upstreams },
    // Sampling costs a few per cent of the portal's CPU; it says where the time of this very run went.
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
    logFile: join(scratch.dir, 'portal.log'),
  });
  try {
    const ceiling = (await wrk({ url: ceilingUrl }, 50, Math.min(SECONDS, 5))).rps;
    const from = Date.now();
    const cpuBefore = await cpuSeconds(portal.base);
    const sandboxCpuBefore = apart ? await cpuSeconds(apart.sandbox.base) : 0;
    const databaseCpuBefore = postgresCpuSeconds();
    const payersCpuBefore = process.cpuUsage();
    const run = await drive(portal.base);
    const drainedAfterMs = await drained(portal.base);
    const payersCpu = process.cpuUsage(payersCpuBefore);
    const databaseCpuUsed = postgresCpuSeconds() - databaseCpuBefore;
    const cpuUsed = (await cpuSeconds(portal.base)) - cpuBefore;
    const sandboxCpuUsed = apart ? (await cpuSeconds(apart.sandbox.base)) - sandboxCpuBefore : 0;
    const to = Date.now();
    await stop(portal.process);
    const window = { from, to, exitedAt: Date.now() };
    const timelines = await readDatabase<Timeline>(
      database ? { url: database.url } : { dataDir: scratch.dir },
      TIMELINES,
      [run.ids],
    );
    return {
      kind,
      seconds: run.elapsed,
      payers: PAYERS,
      ceiling,
      journeys: run.steps.return.length,
      errors: run.errors,
      firstErrors: run.firstErrors,
      steps: run.steps,
      timelines,
      drainedAfterMs,
      cpuMsPerPayment: run.steps.return.length ? (cpuUsed * 1000) / run.steps.return.length : 0,
      ...(apart && run.steps.return.length
        ? { sandboxCpuMsPerPayment: (sandboxCpuUsed * 1000) / run.steps.return.length }
        : {}),
      ...(database && run.steps.return.length
        ? { databaseCpuMsPerPayment: (databaseCpuUsed * 1000) / run.steps.return.length }
        : {}),
      payersCpuMsPerPayment: run.steps.return.length
        ? (payersCpu.user + payersCpu.system) / 1000 / run.steps.return.length
        : 0,
      profile: {
        byPackage: selfTimeByPackage(profileDir, 16, window),
        byFunction: topSelfTime(profileDir, 12, window),
      },
      ...(run.slowest ? { slowestJourney: { id: run.slowest.id, steps: run.slowest.steps } } : {}),
    };
  } finally {
    await stop(portal.process);
    if (apart) await stop(apart.sandbox.process);
    await database?.drop();
    if (process.env['BENCH_KEEP'] !== '1') scratch.remove();
    else console.log(`kept ${scratch.dir}`);
  }
}

const ms = (from: Date | null, to: Date | null) =>
  from && to ? new Date(to).getTime() - new Date(from).getTime() : undefined;
const f0 = (n: number) => n.toFixed(0).padStart(6);

export function printPayments(r: PaymentsResult) {
  const name = r.kind === 'pglite' ? 'embedded database (PGlite)' : 'PostgreSQL';
  const perSecond = r.journeys / r.seconds;
  console.log(`\ncard payments, ${name}: ${r.payers} payers for ${r.seconds.toFixed(1)} s`);
  console.log(
    `  ${r.journeys} payments completed: ${perSecond.toFixed(1)}/s (target 100/s); portal HTTP requests ${(perSecond * 3).toFixed(0)}/s + checkout ${perSecond.toFixed(0)}/s beside the bare Fastify ceiling of ${r.ceiling.toFixed(0)} req/s`,
  );
  console.log(
    r.sandboxCpuMsPerPayment === undefined
      ? `  portal CPU per payment (the sandbox's gateway, core and SMS centre run in the same process): ${r.cpuMsPerPayment.toFixed(1)} ms`
      : `  CPU per payment: the portal ${r.cpuMsPerPayment.toFixed(1)} ms; the sandbox (gateway, checkout, core, SMS centre), in a process of its own, ${r.sandboxCpuMsPerPayment.toFixed(1)} ms`,
  );
  const others = [
    r.databaseCpuMsPerPayment === undefined
      ? undefined
      : `PostgreSQL ${r.databaseCpuMsPerPayment.toFixed(1)} ms`,
    `the payers (this bench) ${r.payersCpuMsPerPayment.toFixed(1)} ms`,
  ].filter(Boolean);
  const total =
    r.cpuMsPerPayment +
    (r.sandboxCpuMsPerPayment ?? 0) +
    (r.databaseCpuMsPerPayment ?? 0) +
    r.payersCpuMsPerPayment;
  console.log(
    `  besides: ${others.join(', ')}; in all ${total.toFixed(1)} ms of CPU a payment, so this machine's ${availableParallelism()} cores top out near ${((availableParallelism() * 1000) / total).toFixed(0)} payments/s`,
  );
  const errorCount = STEPS.reduce((sum, s) => sum + r.errors[s], 0);
  console.log(
    `  errors: ${errorCount ? STEPS.map((s) => `${s} ${r.errors[s]}`).join(', ') : 'none'}${r.firstErrors.length ? ` (${r.firstErrors.join('; ')})` : ''}`,
  );
  console.log('  step           p50 ms  p99 ms  max ms');
  for (const step of STEPS) {
    const sorted = sortedOf(r.steps[step]);
    console.log(
      `  ${step.padEnd(13)} ${f0(quantile(sorted, 0.5))}  ${f0(quantile(sorted, 0.99))}  ${f0(sorted.at(-1) ?? 0)}`,
    );
  }
  const states = new Map<string, number>();
  for (const t of r.timelines) states.set(t.state, (states.get(t.state) ?? 0) + 1);
  console.log(
    `  payments by state after the queue drained (${(r.drainedAfterMs / 1000).toFixed(1)} s after the run): ${[...states].map(([s, n]) => `${s} ${n}`).join(', ')}`,
  );
  const paid = r.timelines.filter((t) => t.charged_at);
  const delays = paid.map((t) => ({ t, total: ms(t.charged_at, t.credited_at) }));
  const fulfilled = delays.filter((d): d is { t: Timeline; total: number } => d.total !== undefined);
  const lines = (pick: (t: Timeline) => number | undefined) =>
    sortedOf(fulfilled.map((d) => pick(d.t)).filter((n): n is number => n !== undefined));
  const row = (label: string, sorted: number[]) =>
    console.log(
      `  ${label.padEnd(40)} ${f0(quantile(sorted, 0.5))}  ${f0(quantile(sorted, 0.99))}  ${f0(sorted.at(-1) ?? 0)}`,
    );
  console.log(
    `  paid at the gateway: ${paid.length}; credited by the core: ${fulfilled.length}; over 1 s: ${fulfilled.filter((d) => d.total > 1000).length}; not credited: ${paid.length - fulfilled.length}`,
  );
  console.log('  delay                                    p50 ms  p99 ms  max ms');
  row(
    'charge -> credit (target: max < 1000)',
    lines((t) => ms(t.charged_at, t.credited_at)),
  );
  row(
    '  charge -> PAID (verification)',
    lines((t) => ms(t.charged_at, t.paid_at)),
  );
  row(
    '  PAID -> credit (queue, fulfilment)',
    lines((t) => ms(t.paid_at, t.credited_at)),
  );
  row(
    '  credit -> FULFILLED (recorded)',
    lines((t) => ms(t.credited_at, t.fulfilled_at)),
  );
  const slowest = fulfilled.sort((a, b) => b.total - a.total)[0];
  if (slowest) {
    const t = slowest.t;
    console.log(
      `  slowest fulfilment ${t.id}: charged +0, PAID +${ms(t.charged_at, t.paid_at)} ms, credited +${ms(t.charged_at, t.credited_at)} ms, FULFILLED +${ms(t.charged_at, t.fulfilled_at)} ms`,
    );
  }
  if (r.slowestJourney) {
    const s = r.slowestJourney.steps;
    console.log(
      `  slowest journey ${r.slowestJourney.id}: ${STEPS.map((step) => `${step} ${s[step].toFixed(0)} ms`).join(', ')}`,
    );
  }
  const busy = r.profile.byPackage.find((p) => p.name === '(idle)');
  console.log(
    `  where the portal's main thread spent the run and the drain (CPU profile, self time; idle ${((busy?.share ?? 0) * 100).toFixed(0)} %):`,
  );
  const show = (list: SelfTime[]) =>
    list
      .filter((p) => p.name !== '(idle)')
      .forEach((p) => console.log(`    ${(p.share * 100).toFixed(1).padStart(5)} %  ${p.name}`));
  console.log('   by package or module:');
  show(r.profile.byPackage);
  console.log('   by function:');
  show(r.profile.byFunction);
}

async function main() {
  const kinds = (process.env['BENCH_DATABASES'] ?? 'pglite,postgres').split(',') as Kind[];
  const ceiling = await startCeiling();
  try {
    for (const kind of kinds) printPayments(await benchPayments(kind, ceiling.url));
  } finally {
    await stop(ceiling.process);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
