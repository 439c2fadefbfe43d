import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createConnection } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxAvailable, startCluster, type Cluster } from '../src/cluster.js';
import { privatePostgresAvailable, startPrivatePostgres, type PrivatePostgres } from '../src/postgres.js';
import pgDriver from 'pg';
import {
  payByAirtime,
  payByCard,
  payByPin,
  payByPush,
  payOnCheckout,
  startCard,
  tryAirtimeWithoutConsent,
  type Outcome,
} from './drive.js';
import { checkInvariants, pendingCount } from './invariants.js';

/**
 * Fault injection on real processes: two portal instances behind nginx on a private PostgreSQL. While
 * payments run (card, push, airtime and PIN wallets, and an attacker's try without consent), instances are
 * SIGKILLed and restarted, the gateway times out, answers 5xx, 401 (a rotated key) and 429 (throttling),
 * webhooks come late and twice, wallet callbacks are lost, the core fails and then stays down for more than
 * 30 s, and the database restarts. Every fault must take effect (a knob the sandbox refused, or one never
 * consumed, fails the test); then the money invariants must hold against the providers' own records.
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
        OTP_SENDS_PER_NUMBER_PER_HOUR: '100000',
        OTP_SENDS_PER_CLIENT_PER_HOUR: '100000',
        // The scenarios buy the same recharge for the same number again and again (decision 0070).
        DUPLICATE_PURCHASE_WINDOW_MINUTES: '0',
      },
    });
  });

  afterAll(async () => {
    await cluster?.stop();
    pg?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('drives payments through kills, timeouts, 5xx, 401/429, late/duplicate webhooks, lost callbacks, a core outage and a database restart', async () => {
    const faults: string[] = [];
    const failures: string[] = [];
    const setFault = async (patch: object, name: string) => {
      const answer = await fetch(`${cluster.url}/sandbox/faults`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(patch),
      }).catch((error: unknown) => String(error));
      if (typeof answer === 'string' || answer.status !== 200)
        failures.push(`${name}: ${typeof answer === 'string' ? answer : `HTTP ${answer.status}`}`);
      faults.push(name);
    };
    const kill = async (index: number, downMs: number) => {
      const victim = cluster.instances[index]!;
      victim.kill('SIGKILL');
      faults.push(`SIGKILL instance ${index + 1}`);
      await new Promise((r) => setTimeout(r, downMs));
      await victim.start();
    };

    /**
     * The core stays down for 35 s; a card payment confirmed at its start must be refunded within 30 s of
     * its confirmation, and its possible credit reversed once the core is back.
     */
    let outageWitness: string | undefined;
    const coreOutage = async () => {
      const witness = await startCard(cluster.url, 170);
      if (!witness.redirectUrl) throw new Error(`no witness payment: ${witness.error}`);
      await setFault({ core: { failNext5xx: 3_000_000 } }, 'core outage of 35 s');
      const began = Date.now();
      await payOnCheckout(witness.redirectUrl, SUCCESS);
      outageWitness = witness.transactionId;
      await new Promise((r) => setTimeout(r, Math.max(0, began + 35_000 - Date.now())));
      await setFault({ core: { failNext5xx: 0 } }, 'core back');
    };

    let chaosDone = false;
    const chaos = (async () => {
      const script: (() => Promise<void>)[] = [
        () => setFault({ card: { timeoutNext: 1, hangMs: 4000 } }, 'gateway timeout'),
        () => kill(0, 1500),
        () => setFault({ webhooks: { duplicate: true, delayMs: 2500 } }, 'webhooks late and twice'),
        () => setFault({ card: { failNext5xx: 2 } }, 'gateway 5xx'),
        () => setFault({ card: { failNext401: 2 } }, 'gateway 401 (a rotated key)'),
        () => setFault({ wallets: { dropCallbacksNext: 2 } }, 'wallet callbacks lost'),
        () => kill(1, 1000),
        () => setFault({ card: { failNext429: 2 } }, 'gateway 429 (throttled)'),
        () => setFault({ core: { failNext5xx: 4 } }, 'core 5xx during fulfilment'),
        coreOutage,
        async () => {
          pg.restart();
          faults.push('database restart');
        },
        () => setFault({ webhooks: { dropNext: 2, duplicate: false, delayMs: 0 } }, 'webhooks lost'),
      ];
      for (const step of script) {
        await new Promise((r) => setTimeout(r, 2500));
        await step().catch((error: unknown) => failures.push(`fault step failed: ${String(error)}`));
      }
      chaosDone = true;
    })();

    const outcomes: Outcome[] = [];
    const kinds = [
      () => payByCard(cluster.url, SUCCESS, 100 + outcomes.length),
      () => payByPush(cluster.url, 'MPESA', true, 110),
      () => payByAirtime(cluster.url, 60),
      () => payByCard(cluster.url, SUCCESS, 200),
      () => payByPush(cluster.url, 'NAIJA_MONEY_PUSH', true, 120),
      () => payByPin(cluster.url, 140),
      () => payByCard(cluster.url, DECLINE, 300),
      () => payByPush(cluster.url, 'NAIJA_MONEY_PUSH', false, 130),
      () => tryAirtimeWithoutConsent(cluster.url),
    ];
    // Payments keep coming, paced, for as long as faults are being injected (up to a cap: the test is
    // about correctness under faults, not throughput; bench/ measures that).
    for (let i = 0; (!chaosDone || outcomes.length < PAYMENTS) && outcomes.length < MAX_PAYMENTS; i += 3) {
      const wave = await Promise.all([0, 1, 2].map((j) => kinds[(i + j) % kinds.length]!()));
      outcomes.push(...wave);
      await new Promise((r) => setTimeout(r, 1000));
    }
    await chaos;
    // Every fault knob that counts calls was used up by the payments: each fault took effect.
    const left = (await (await fetch(`${cluster.url}/sandbox/faults`)).json()) as Record<
      string,
      Record<string, number | boolean>
    >;
    for (const [system, knob] of [
      ['card', 'failNext401'],
      ['card', 'failNext429'],
      ['card', 'failNext5xx'],
      ['card', 'timeoutNext'],
    ] as const) {
      if (left[system]?.[knob] !== 0)
        failures.push(`${system}.${knob} never took effect (${left[system]?.[knob]})`);
    }
    await fetch(`${cluster.url}/sandbox/faults`, { method: 'DELETE' }).catch(() => undefined);

    // Everything must settle on its own: reconciliation, retries, expiry, reversals.
    const until = Date.now() + 150_000;
    let pending = await pendingCount(pg.url);
    while (pending > 0 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 3000));
      pending = await pendingCount(pg.url).catch(() => pending);
    }
    const report = await checkInvariants(pg.url);
    const attacks = outcomes.filter((o) => o.kind === 'attack-airtime-as-card');
    console.log(
      `faults: ${outcomes.length} payments (${outcomes.filter((o) => o.clientError).length} gave up client-side, ` +
        `${attacks.filter((o) => o.refused).length}/${attacks.length} attacks refused), ` +
        `${faults.length} faults [${faults.join('; ')}]; ${report.transactions} transactions ${JSON.stringify(report.byState)}, ` +
        `${report.charges} charges, ${report.credits} credits, ${report.refunds} refunds ` +
        `(worst ${report.worstRefundSeconds.toFixed(1)} s after PAID), ${report.violations.length} violations`,
    );
    expect(failures).toEqual([]);
    expect(report.violations).toEqual([]);
    expect(report.transactions).toBeGreaterThan(PAYMENTS / 2);
    expect(report.byState['FULFILLED'] ?? 0).toBeGreaterThan(0);
    expect(attacks.length).toBeGreaterThan(0);
    expect(attacks.every((o) => o.refused)).toBe(true);
    for (const kind of ['airtime', 'momo-pin']) {
      expect(
        outcomes.some((o) => o.kind === kind && o.transactionId && !o.clientError),
        kind,
      ).toBe(true);
    }
    // The payment confirmed as the core went down was refunded, and the core later said no credit landed.
    const witness = await witnessOf(pg.url, outageWitness);
    expect(witness).toMatchObject({ state: 'REFUNDED', reversal_outcome: 'NOT_APPLIED' });
  });
});

async function witnessOf(url: string, id: string | undefined) {
  const client = new pgDriver.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = await client.query('select state, reversal_outcome from transactions where id = $1', [id]);
    return rows.rows[0];
  } finally {
    await client.end();
  }
}
