import { afterEach, describe, expect, it } from 'vitest';
import { startTestPortal, whenQuiet, testDatabases, type TestPortal } from '../../test/harness.js';
import {
  airtimeCredits,
  eventsOf,
  jobNamesOf,
  payByCard as payCard,
  refundedAfterPaidMs,
  statusWhen,
} from '../../test/payments.js';
import { coreView } from '../../test/sandbox-client.js';
import { createHttpCore } from '../../upstream/core.js';
import { JOBS } from './context.js';
import { FULFIL_TIMING } from './fulfil-payment.js';
import { fulfilmentOperation } from './fulfilment.js';
import { createPaymentStore } from './store.js';

// A payment whose instance died on the way: the run that takes over gives its value once or refunds it.
const NUMBER = '8021000001';

const payByCard = (portal: TestPortal, amount: number) => payCard(portal, amount, { number: NUMBER });

/**
 * A first life whose payment is confirmed (PAID) while no worker runs; `restart` closes it and starts a second
 * life on the same database, the way an instance comes back after a crash.
 */
async function paidInFirstLife(
  kind: 'pglite' | 'postgres',
  amount: number,
  env: Record<string, string> = {},
) {
  const first = await startTestPortal(kind, { env: { ...env, RUN_JOBS: 'false' }, keep: true });
  const transactionId = await payByCard(first, amount);
  await statusWhen(first, transactionId, (s) => s.transactionStatus === 'PAID');
  const restart = async (secondEnv: Record<string, string> = {}) => {
    const reuse = { dataDir: first.dataDir, databaseUrl: first.databaseUrl };
    await first.close();
    return startTestPortal(kind, { reuse, env: secondEnv });
  };
  return { first, transactionId, restart };
}

describe.each(testDatabases())(
  'money is never lost nor given twice: take-over after a restart (%s)',
  (kind) => {
    const open: TestPortal[] = [];
    afterEach(async () => {
      while (open.length) await open.pop()!.close();
    });

    it('a fulfilment whose instance died during a core outage is refunded within 30 s by the run that takes over', async () => {
      // First life: the payment is confirmed, and its fulfilment claims it and dies at once, lease held.
      const { first, transactionId, restart } = await paidInFirstLife(kind, 550, {
        UPSTREAM_TIMEOUT_MS: '10000',
      });
      const claimed = await createPaymentStore(first.db.orm).claimFulfilment(transactionId, FULFIL_TIMING);
      expect(claimed?.id).toBe(transactionId);

      // Second life, with the production upstream time-out: its run waits out the dead run's lease.
      const second = await restart({ UPSTREAM_TIMEOUT_MS: '10000', RECONCILE_INTERVAL_SECONDS: '5' });
      open.push(second);
      expect(
        (await second.request('PATCH', '/sandbox/faults', { core: { failNext5xx: 100_000 } })).status,
      ).toBe(200);
      await statusWhen(second, transactionId, (s) => s.transactionStatus === 'REFUNDED', 45_000);
      expect(await refundedAfterPaidMs(second, transactionId)).toBeLessThan(30_000);
      await second.request('DELETE', '/sandbox/faults');
    }, 90_000);

    it('a fulfilment whose instance died after the core applied the credit ends FULFILLED, by the run that takes over', async () => {
      // First life: the run claims the payment, the core applies its credit, and the run dies before recording.
      const { first, transactionId, restart } = await paidInFirstLife(kind, 650);
      const before = (await coreView(first, NUMBER)).airtimeBalance;
      const claimed = await createPaymentStore(first.db.orm).claimFulfilment(transactionId, FULFIL_TIMING);
      const core = createHttpCore({ baseUrl: () => `${first.baseUrl}/sandbox/core/api`, timeoutMs: 3000 });
      await core.apply({
        ...fulfilmentOperation(claimed!),
        notAfter: claimed!.fulfilNotAfter!.toISOString(),
      });

      // Second life: the take-over asks the core after the deadline, which answers the repeat as applied.
      const second = await restart();
      open.push(second);
      await statusWhen(second, transactionId, (s) => s.transactionStatus === 'FULFILLED', 45_000);
      await whenQuiet(second);
      const after = await coreView(second, NUMBER);
      expect(after.airtimeBalance).toBe(before + 650);
      expect(await airtimeCredits(second, NUMBER, transactionId)).toHaveLength(1);
      expect((await eventsOf(second, transactionId)).map((e) => e.to_state)).not.toContain('REFUND_PENDING');
    }, 90_000);

    it('a payment confirmed while no worker runs is fulfilled once after a restart', async () => {
      // First life: the payment is confirmed, but the process "dies" before any job runs.
      const { first, transactionId, restart } = await paidInFirstLife(kind, 450);
      const before = (await coreView(first, NUMBER)).airtimeBalance;
      // An instance that runs no jobs leaves the value to one that does.
      expect(await jobNamesOf(first, transactionId)).toContain(JOBS.fulfil);

      // Second life on the same database: the queued fulfilment (or the payment watch) gives the value, once.
      const second = await restart();
      open.push(second);
      await statusWhen(second, transactionId, (s) => s.status === 'SUCCESS', 30_000);
      await whenQuiet(second);
      const after = await coreView(second, NUMBER);
      expect(after.airtimeBalance).toBe(before + 450);
      expect(await airtimeCredits(second, NUMBER, transactionId)).toHaveLength(1);
    });
  },
);
