import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createConnection } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxAvailable, startCluster, type Cluster } from '../src/cluster.js';
import { privatePostgresAvailable, startPrivatePostgres, type PrivatePostgres } from '../src/postgres.js';
import { payByCard, payByPush, type Outcome } from './drive.js';
import { checkInvariants, pendingCount } from './invariants.js';

/**
 * Fault injection on real processes: two portal instances behind nginx on a private PostgreSQL. While
 * payments run, instances are SIGKILLed and restarted, the gateway times out and answers 5xx, webhooks
 * come late and twice, wallet callbacks are lost, the core fails, and the database restarts. Then the
 * money invariants must hold against the providers' own records.
 */
const PAYMENTS = Number(process.env['FAULT_PAYMENTS'] ?? 36);
const MAX_PAYMENTS = Number(process.env['FAULT_MAX_PAYMENTS'] ?? 120);
const canRun = privatePostgresAvailable() && nginxAvailable();
const SUCCESS = '4084 0840 8408 4081';
const DECLINE = '4000 0000 0000 0002';

describe.skipIf(!canRun)('faults, on several instances, lose no money and give none twice', () => {
  let dir: string;
  let pg: PrivatePostgres;
  let cluster: Cluster;

  beforeAll(async () => {
    // Shared rate-limit counters in Redis when one runs here; the portal works without it too.
    const redisUp = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port: 6379 }, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    dir = mkdtempSync(path.join(tmpdir(), 'portal-faults-'));
    pg = startPrivatePostgres(path.join(dir, 'pg'), 55432 + Math.floor(Math.random() * 1000));
    cluster = await startCluster({
      instances: 2,
      databaseUrl: pg.url,
      proxyPort: 18080 + Math.floor(Math.random() * 500),
      firstInstancePort: 19100 + Math.floor(Math.random() * 500),
      dataDir: path.join(dir, 'data'),
      ...(redisUp ? { redisUrl: 'redis://127.0.0.1:6379' } : {}),
      logDir: path.join(dir, 'logs'),
      env: {
        SERVE_WEB: 'false',
        RECONCILE_INTERVAL_SECONDS: '5',
        UPSTREAM_TIMEOUT_MS: '2500',
        PENDING_PAYMENT_EXPIRY_MINUTES: '1',
        RATE_LIMIT_PER_MINUTE: '100000',
      },
    });
  });

  afterAll(async () => {
    await cluster?.stop();
    pg?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('drives payments through kills, timeouts, 5xx, late/duplicate webhooks, lost callbacks and a database restart', async () => {
    const faults: string[] = [];
    const setFault = async (patch: object, name: string) => {
      await fetch(`${cluster.url}/sandbox/faults`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(patch),
      }).catch(() => undefined);
      faults.push(name);
    };

    let chaosDone = false;
    const chaos = (async () => {
      const script: (() => Promise<void>)[] = [
        () => setFault({ card: { timeoutNext: 1, hangMs: 4000 } }, 'gateway timeout'),
        async () => {
          const victim = cluster.instances[0]!;
          victim.kill('SIGKILL');
          faults.push('SIGKILL instance 1');
          await new Promise((r) => setTimeout(r, 1500));
          await victim.start();
        },
        () => setFault({ webhooks: { duplicate: true, delayMs: 2500 } }, 'webhooks late and twice'),
        () => setFault({ card: { failNext5xx: 2 } }, 'gateway 5xx'),
        () => setFault({ wallets: { dropCallbacksNext: 2 } }, 'wallet callbacks lost'),
        async () => {
          const victim = cluster.instances[1]!;
          victim.kill('SIGKILL');
          faults.push('SIGKILL instance 2');
          await new Promise((r) => setTimeout(r, 1000));
          await victim.start();
        },
        () => setFault({ core: { failNext5xx: 4 } }, 'core 5xx during fulfilment'),
        async () => {
          pg.restart();
          faults.push('database restart');
        },
        () => setFault({ webhooks: { dropNext: 2, duplicate: false, delayMs: 0 } }, 'webhooks lost'),
      ];
      for (const step of script) {
        await new Promise((r) => setTimeout(r, 2500));
        await step().catch((error: unknown) => faults.push(`fault step failed: ${String(error)}`));
      }
      chaosDone = true;
    })();

    const outcomes: Outcome[] = [];
    const kinds = [
      () => payByCard(cluster.url, SUCCESS, 100 + outcomes.length),
      () => payByCard(cluster.url, SUCCESS, 200),
      () => payByCard(cluster.url, DECLINE, 300),
      () => payByPush(cluster.url, 'MPESA', true, 110),
      () => payByPush(cluster.url, 'NAIJA_MONEY_PUSH', true, 120),
      () => payByPush(cluster.url, 'NAIJA_MONEY_PUSH', false, 130),
    ];
    // Payments keep coming, paced, for as long as faults are being injected (up to a cap: the test is
    // about correctness under faults, not throughput; bench/ measures that).
    for (let i = 0; (!chaosDone || outcomes.length < PAYMENTS) && outcomes.length < MAX_PAYMENTS; i += 3) {
      const wave = await Promise.all([0, 1, 2].map((j) => kinds[(i + j) % kinds.length]!()));
      outcomes.push(...wave);
      await new Promise((r) => setTimeout(r, 1000));
    }
    await chaos;
    await fetch(`${cluster.url}/sandbox/faults`, { method: 'DELETE' }).catch(() => undefined);

    // Everything must settle on its own: reconciliation, retries, expiry.
    const until = Date.now() + 150_000;
    let pending = await pendingCount(pg.url);
    while (pending > 0 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 3000));
      pending = await pendingCount(pg.url).catch(() => pending);
    }
    const report = await checkInvariants(pg.url);
    console.log(
      `faults: ${outcomes.length} payments (${outcomes.filter((o) => o.clientError).length} gave up client-side), ` +
        `${faults.length} faults [${faults.join('; ')}]; ${report.transactions} transactions ${JSON.stringify(report.byState)}, ` +
        `${report.charges} charges, ${report.credits} credits, ${report.refunds} refunds, ${report.violations.length} violations`,
    );
    expect(report.violations).toEqual([]);
    expect(report.transactions).toBeGreaterThan(PAYMENTS / 2);
    expect(report.byState['FULFILLED'] ?? 0).toBeGreaterThan(0);
  });
});
