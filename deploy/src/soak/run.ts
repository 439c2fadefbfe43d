import pg from 'pg';
import { checkInvariants, checkOutageWitnesses, pendingCount, type InvariantReport } from '../invariants.js';
import { clearFaults, patchFaults, readFaults, type FaultBoard } from '../sandbox-faults.js';
import type { System } from '../system.js';
import {
  FAULT_KINDS,
  FAULT_SETTINGS,
  returnFaults,
  type FaultContext,
  type FaultKind,
} from './fault-kinds.js';
import { runPayments, type Paid } from './payments.js';
import { seededRandom, spreadOver, type Random } from './random.js';

/**
 * The soak: payments of every method run without pause on the system (two instances behind nginx, a private
 * PostgreSQL) while every kind of fault is injected its number of times, each kind in its own lane at seeded
 * random moments spread over the run, so faults of different kinds overlap and meet payments at every step.
 * Then every fault must have taken effect, every payment must settle, and the money invariants must hold
 * against the sandbox's own records (the core, the gateways, the wallets).
 */
export type SoakOptions = {
  seed: number;
  /** At least this many payments; they keep coming while faults are still being injected. */
  payments: number;
  /** Injections per fault kind (kinds not named: none). */
  faults: Record<string, number>;
  /** Subscribers paying at once. */
  workers: number;
  /** Pause between two payments of one subscriber. */
  pauseMs: number;
  /** How long an injected fault may wait for the call or notification it acts on. */
  applyTimeoutMs: number;
  /** How long the system may take to settle every payment once the faults stop. */
  settleTimeoutMs: number;
  log: (line: string) => void;
};

export type KindResult = {
  name: string;
  target: number;
  requested: number;
  applied: number;
  /** Why injections did not take effect (distinct reasons, with counts). */
  misses: Record<string, number>;
  fatal?: string;
};

export type SoakResult = {
  seed: number;
  spanMs: number;
  durationMs: number;
  payments: Paid[];
  /** method -> final state of its transaction (or "gave up" / "refused" without one) -> count */
  byMethod: Record<string, Record<string, number>>;
  kinds: KindResult[];
  invariants: InvariantReport;
  witnesses: Awaited<ReturnType<typeof checkOutageWitnesses>>;
  failures: string[];
};

/**
 * Tries per scheduled injection before it counts as not applied. A notification fault can be taken by a
 * delivery that never completes it (its instance is killed by another lane, nothing overtakes a held
 * callback): in a 100-per-kind run one slot of 1,900 once missed three times in a row.
 */
const TRIES = 5;
/** The subscriber who pays for everything (drive.ts). */
const PAYER = '2348021000001';

export async function runSoak(system: System, options: SoakOptions): Promise<SoakResult> {
  const started = Date.now();
  const base = system.cluster.url;
  const random = seededRandom(options.seed);
  const failures: string[] = [];
  const db = soakPool(system.pg.url);
  try {
    await prepareSandbox(db, base);
    const kinds = FAULT_KINDS.filter((k) => (options.faults[k.name] ?? 0) > 0);
    const spanMs = Math.max(30_000, ...kinds.map((k) => (options.faults[k.name] ?? 0) * k.slotMs));
    options.log(
      `soak: seed ${options.seed}; at least ${options.payments} payments by ${options.workers} subscribers; ` +
        `${kinds.reduce((n, k) => n + (options.faults[k.name] ?? 0), 0)} faults of ${kinds.length} kinds spread over ${(spanMs / 60_000).toFixed(1)} min`,
    );
    const run: Run = {
      system,
      options,
      started,
      spanMs,
      random,
      failures,
      shared: sharedFaultContext(system, db, random, options.applyTimeoutMs),
    };
    const results = kinds.map<KindResult>((k) => ({
      name: k.name,
      target: options.faults[k.name] ?? 0,
      requested: 0,
      applied: 0,
      misses: {},
    }));
    const payments = await paymentsUnderFaults(run, kinds, results);
    await settleAfterFaults(run);

    const invariants = await checkInvariants(system.pg.url, run.shared.coreOutages);
    const witnessReport = await checkOutageWitnesses(system.pg.url, run.shared.witnesses);
    failures.push(...injectionFailures(results), ...unrefusedAttacks(payments));
    failures.push(...invariants.violations, ...witnessReport.violations);

    return {
      seed: options.seed,
      spanMs,
      durationMs: Date.now() - started,
      payments,
      byMethod: await outcomesByMethod(db, payments),
      kinds: results,
      invariants,
      witnesses: witnessReport,
      failures,
    };
  } finally {
    await db.end();
  }
}

/** What the parts of one run share. */
type Run = {
  system: System;
  options: SoakOptions;
  /** When the run began (Date.now()): injections are scheduled from it. */
  started: number;
  spanMs: number;
  random: Random;
  /** Problems found so far; the run goes on past them. */
  failures: string[];
  shared: FaultContext;
};

function soakPool(url: string): pg.Pool {
  const db = new pg.Pool({ connectionString: url, max: 2 });
  // A database restart is one of the faults: a pooled connection it cuts must not crash the soak.
  db.on('error', () => undefined);
  db.on('connect', (client) => client.on('error', () => undefined));
  return db;
}

async function prepareSandbox(db: pg.Pool, base: string): Promise<void> {
  // Huge balances for the payer, so that a long run measures faults, not empty wallets.
  await db.query('UPDATE sandbox.wallets SET balance_kobo = 10000000000000 WHERE msisdn = $1', [PAYER]);
  await db.query('UPDATE sandbox.subscribers SET airtime_kobo = 10000000000000 WHERE msisdn = $1', [PAYER]);
  const settings = await patchFaults(base, FAULT_SETTINGS);
  if (settings) throw new Error(`the sandbox refused the fault settings: ${settings}`);
}

/** One lock table and one watcher of the fault board for every lane; each lane has its own random stream. */
function sharedFaultContext(
  system: System,
  db: pg.Pool,
  random: Random,
  applyTimeoutMs: number,
): FaultContext {
  const base = system.cluster.url;
  return {
    base,
    system,
    random,
    watch: faultWatch(base),
    deliveryFaults: async (deliveryKind, fault) => {
      // Asked again while the database restarts (one of the faults) or its pooled connections are cut.
      for (let i = 0; i < 30; i++) {
        const n = await db
          .query<{ n: number }>(
            'SELECT count(*)::int AS n FROM sandbox.deliveries WHERE kind = $1 AND $2 = ANY(faults)',
            [deliveryKind, fault],
          )
          .then((r) => r.rows[0]?.n)
          .catch(() => undefined);
        if (n !== undefined) return n;
        await sleep(1_000);
      }
      return undefined;
    },
    returns: returnFaults(random.fork('returns')),
    applyTimeoutMs,
    withLock: locks(),
    witnesses: [],
    coreOutages: [],
    downOnPurpose: new Set(),
  };
}

/**
 * Payments keep coming while any lane still injects, and until there are enough of them; a crashed instance
 * is noted and started again meanwhile.
 */
async function paymentsUnderFaults(run: Run, kinds: FaultKind[], results: KindResult[]): Promise<Paid[]> {
  const { options } = run;
  let lanesDone = false;
  let paidCount = 0;
  const lanes = Promise.all(kinds.map((k, i) => runLane(run, k, results[i]!))).finally(
    () => (lanesDone = true),
  );
  const progress = setInterval(() => {
    const applied = results.reduce((n, r) => n + r.applied, 0);
    const wanted = results.reduce((n, r) => n + r.target, 0);
    options.log(
      `  ${((Date.now() - run.started) / 1000).toFixed(0)} s: ${paidCount} payments, ${applied}/${wanted} faults applied`,
    );
  }, 30_000);
  const watchdog = watchForCrashes(run);
  const payments = await runPayments({
    base: run.system.cluster.url,
    workers: options.workers,
    pauseMs: options.pauseMs,
    random: run.random.fork('payments'),
    browserReturn: run.shared.returns.browserReturn,
    done: () => lanesDone && paidCount >= options.payments,
    onPaid: () => paidCount++,
  }).finally(() => clearInterval(progress));
  await lanes;
  clearInterval(watchdog);
  // A restart the watchdog began finishes first.
  await run.shared.withLock('instances', async () => undefined);
  return payments;
}

/** One kind's injections at their scheduled moments, each tried until it takes effect. */
async function runLane(run: Run, kind: FaultKind, result: KindResult): Promise<void> {
  const ctx = { ...run.shared, random: run.random.fork(`fault-${kind.name}`) };
  const times = spreadOver(result.target, run.spanMs, kind.busyMs, ctx.random.fork('times'));
  for (const at of times) {
    await sleep(run.started + at - Date.now());
    for (let attempt = 0; attempt < TRIES && !result.fatal; attempt++) {
      result.requested++;
      const outcome = await kind
        .inject(ctx)
        .catch((error: unknown) => ({ applied: false, reason: `threw: ${String(error)}` }) as const);
      if (outcome.applied) {
        result.applied++;
        // When, so that a late refund in the report can be set beside the faults around it.
        run.options.log(
          `  ${new Date().toISOString()} ${kind.name} applied${outcome.note ? ` (${outcome.note})` : ''}`,
        );
        break;
      }
      result.misses[outcome.reason] = (result.misses[outcome.reason] ?? 0) + 1;
      if ('fatal' in outcome && outcome.fatal) result.fatal = outcome.reason;
      else await sleep(2_000);
    }
    if (result.fatal) return;
  }
}

/**
 * An instance that dies without being killed crashed: a failure of the run. It is started again so that the
 * rest of the run still has two instances.
 */
function watchForCrashes(run: Run): NodeJS.Timeout {
  const { system, shared, failures } = run;
  let restarting = false;
  return setInterval(() => {
    if (restarting) return;
    for (const [i, instance] of system.cluster.instances.entries()) {
      if (instance.alive() || shared.downOnPurpose.has(i)) continue;
      const code = instance.process?.exitCode ?? instance.process?.signalCode;
      failures.push(
        `instance ${i + 1} exited by itself (${code}) ${((Date.now() - run.started) / 1000).toFixed(0)} s into the run; see its log`,
      );
      restarting = true;
      void shared
        .withLock('instances', () => instance.start())
        .catch((error: unknown) => failures.push(`instance ${i + 1} did not start again: ${String(error)}`))
        .finally(() => (restarting = false));
      return;
    }
  }, 1_000);
}

/** The faults stop; whatever a fault left behind must now settle by itself. */
async function settleAfterFaults(run: Run): Promise<void> {
  const { system, options, failures } = run;
  const cleared = await clearFaults(system.cluster.url);
  if (cleared) failures.push(`faults could not be cleared: ${cleared}`);
  for (const [i, instance] of system.cluster.instances.entries())
    if (!instance.alive()) failures.push(`instance ${i + 1} was not running at the end`);
  const settleUntil = Date.now() + options.settleTimeoutMs;
  let pending = await pendingCount(system.pg.url).catch(() => -1);
  while (pending !== 0 && Date.now() < settleUntil) {
    await sleep(3_000);
    pending = await pendingCount(system.pg.url).catch(() => pending);
  }
  if (pending !== 0)
    failures.push(
      `${pending} payments still not final ${options.settleTimeoutMs / 1000} s after the faults stopped`,
    );
}

function injectionFailures(results: KindResult[]): string[] {
  const failures: string[] = [];
  for (const r of results) {
    if (r.fatal) failures.push(`${r.name}: ${r.fatal}`);
    else if (r.applied < r.target)
      failures.push(
        `${r.name}: ${r.target - r.applied} of ${r.target} could not be injected (${Object.keys(r.misses).join('; ')})`,
      );
  }
  return failures;
}

function unrefusedAttacks(payments: Paid[]): string[] {
  return payments
    .filter((p) => p.method === 'attack-airtime-as-card' && !p.refused)
    .map((p) => `an attack was not refused: ${p.clientError}`);
}

async function outcomesByMethod(db: pg.Pool, payments: Paid[]) {
  const ids = payments.flatMap((p) => (p.transactionId ? [p.transactionId] : []));
  const { rows } = await db.query<{ id: string; state: string }>(
    'SELECT id, state FROM transactions WHERE id = ANY($1)',
    [ids],
  );
  const stateOf = new Map(rows.map((r) => [r.id, r.state]));
  const table: Record<string, Record<string, number>> = {};
  for (const p of payments) {
    const outcome = p.transactionId
      ? (stateOf.get(p.transactionId) ?? 'no transaction')
      : p.refused
        ? 'refused'
        : 'gave up';
    const row = (table[p.method] ??= {});
    row[outcome] = (row[outcome] ?? 0) + 1;
  }
  return table;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** Kinds that act on one knob take turns: a lock per key, granted in order. */
function locks() {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const run = (tails.get(key) ?? Promise.resolve()).then(work, work);
    tails.set(
      key,
      run.catch(() => undefined),
    );
    return run;
  };
}

/** One poll of the fault board every 500 ms while anybody waits on it. */
function faultWatch(base: string) {
  const waiters = new Set<{ check: (b: FaultBoard) => boolean; done: (b: FaultBoard | undefined) => void }>();
  let polling = false;
  const poll = async () => {
    polling = true;
    while (waiters.size > 0) {
      const board = await readFaults(base);
      if (board) for (const w of [...waiters]) if (w.check(board)) w.done(board);
      await sleep(500);
    }
    polling = false;
  };
  return (check: (b: FaultBoard) => boolean, timeoutMs: number) =>
    new Promise<FaultBoard | undefined>((resolve) => {
      const waiter = {
        check,
        done: (board: FaultBoard | undefined) => {
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(board);
        },
      };
      const timer = setTimeout(() => waiter.done(undefined), timeoutMs);
      waiters.add(waiter);
      if (!polling) void poll();
    });
}
