/**
 * `npm run soak`: the bench of issue 17's "proof at scale" - payments of every method through two instances
 * behind nginx on PostgreSQL while every kind of fault is injected, then the money invariants. Outside CI's
 * budget; CI runs the same engine small (deploy/system-tests/faults.test.ts).
 *
 *   npm run soak                                        # 1000+ payments, 100 faults of every kind
 *   SOAK_PAYMENTS=100 SOAK_FAULTS_PER_KIND=3 npm run soak
 *   SOAK_FAULTS_CORE_OUTAGE=10 npm run soak             # one kind's count (kind name in upper snake case)
 *   SOAK_SEED=1234 npm run soak                         # repeat a run's schedule
 *   SOAK_WORKERS (3), SOAK_PAUSE_MS (500), SOAK_APPLY_TIMEOUT_SECONDS (120), SOAK_SETTLE_SECONDS (300), SOAK_KEEP=1
 *
 * Exit code 0 only when every fault took effect and every invariant held.
 */
import { randomInt } from 'node:crypto';
import { rmSync } from 'node:fs';
import { startSystem, systemAvailable } from '../system.js';
import { FAULT_KINDS } from './fault-kinds.js';
import { formatSoak } from './report.js';
import { runSoak } from './run.js';

const env = (name: string, fallback: number) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a non-negative number, not ${raw}`);
  return value;
};

const perKind = env('SOAK_FAULTS_PER_KIND', 100);
const faults = Object.fromEntries(
  FAULT_KINDS.map((k) => [k.name, env(`SOAK_FAULTS_${k.name.toUpperCase().replace(/-/g, '_')}`, perKind)]),
);
const seed = env('SOAK_SEED', randomInt(2 ** 31));

if (!systemAvailable()) {
  console.error('soak: needs PostgreSQL server binaries (Debian package postgresql) and nginx');
  process.exit(2);
}
// Kept until the run passed: a failed run leaves its logs and database for a post-mortem.
const system = await startSystem({ keep: true });
console.log(
  `soak: seed ${seed}; two instances behind nginx at ${system.cluster.url}; logs in ${system.dir}/logs`,
);
let exitCode = 1;
try {
  const result = await runSoak(system, {
    seed,
    payments: env('SOAK_PAYMENTS', 1000),
    faults,
    workers: env('SOAK_WORKERS', 3),
    pauseMs: env('SOAK_PAUSE_MS', 500),
    applyTimeoutMs: env('SOAK_APPLY_TIMEOUT_SECONDS', 120) * 1000,
    settleTimeoutMs: env('SOAK_SETTLE_SECONDS', 300) * 1000,
    log: (line) => console.log(line),
  });
  console.log(formatSoak(result));
  exitCode = result.failures.length === 0 ? 0 : 1;
} finally {
  await system.stop();
  if (exitCode === 0 && process.env['SOAK_KEEP'] !== '1')
    rmSync(system.dir, { recursive: true, force: true });
  else console.log(`soak: logs and database kept in ${system.dir}`);
}
process.exit(exitCode);
