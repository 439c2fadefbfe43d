import { afterEach, describe, expect, it } from 'vitest';
import { eventually, startTestPortal, testDatabases, type TestPortal } from '../../test/harness.js';
import {
  payByCard as payCard,
  pathOf,
  refundedAfterPaidMs,
  startCardPayment,
  startPortalRefusingCredits,
  statusOf,
  statusWhen,
} from '../../test/payments.js';
import { coreView, payOnCheckout, SUCCESS_CARD } from '../../test/sandbox-client.js';
import { CoreRefusedError } from '../../upstream/core.js';

// The paths of a paid payment whose value the core will not take: its money goes back. The restarts of
// recovery-takeover.test.ts are a file of their own so that the two wait out their 30 s windows side by side.
const NUMBER = '8021000001';

const payByCard = (portal: TestPortal, amount: number) => payCard(portal, amount, { number: NUMBER });

describe.each(testDatabases())('money is never lost nor given twice: refunds (%s)', (kind) => {
  const open: TestPortal[] = [];
  afterEach(async () => {
    while (open.length) await open.pop()!.close();
  });

  it('a fulfilment the core refuses is refunded at once (nothing to reverse), ending FAILED with a reason', async () => {
    const lines: string[] = [];
    const portal = await startPortalRefusingCredits(kind, () => new CoreRefusedError('BARRED'), {
      logSink: (line) => lines.push(line),
    });
    open.push(portal);
    const before = (await coreView(portal, NUMBER)).airtimeBalance;
    const transactionId = await payByCard(portal, 600);
    const final = await statusWhen(portal, transactionId, (s) => s.transactionStatus === 'REFUNDED', 30_000);
    expect(final.status).toBe('FAILED');
    expect(final.statusReason).toMatch(/refunded/);
    // The operator's log says it in one line, with the payment's id.
    const refunding = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry['msg'] === 'paid payment not delivered; refunding it');
    expect(refunding).toEqual([expect.objectContaining({ transactionId, delivery: 'refused', level: 40 })]);
    expect(await refundedAfterPaidMs(portal, transactionId)).toBeLessThan(30_000);
    // The gateway holds the refund; the core gave nothing.
    const verify = await fetch(`${portal.baseUrl}/sandbox/paystack/transaction/verify/${transactionId}`, {
      headers: { authorization: `Bearer ${portal.config.secrets.cardSecretKey}` },
    });
    const verified = (await verify.json()) as { data: { status: string } };
    expect(verified.data.status).toBe('reversed');
    expect((await coreView(portal, NUMBER)).airtimeBalance).toBe(before);
    // The subscriber is told by SMS.
    const told = await eventually(async () => {
      const sms = (await portal.request<{ text: string }[]>('GET', `/sandbox/sms?to=${NUMBER}`)).body;
      return sms.find((m) => m.text.includes(transactionId));
    });
    expect(told.text).toMatch(/not successful/);
  });

  it('a refund call the gateway fails is made again within seconds by the payment watch', async () => {
    // The core refuses the credit, and the gateway fails the next two calls: the refund and its first retry.
    const portal = await startPortalRefusingCredits(kind, async (portalUrl) => {
      await fetch(`${portalUrl}/sandbox/faults`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ card: { failNext5xx: 2 } }),
      });
      return new CoreRefusedError('BARRED');
    });
    open.push(portal);
    const transactionId = await payByCard(portal, 610);
    await statusWhen(portal, transactionId, (s) => s.transactionStatus === 'REFUNDED', 30_000);
    const faults = (await portal.request<{ card: { failNext5xx: number } }>('GET', '/sandbox/faults')).body;
    expect(faults.card.failNext5xx).toBe(0);
    // Two failed calls, each held back a second and found by the watch's next look.
    expect(await refundedAfterPaidMs(portal, transactionId)).toBeLessThan(10_000);
  });

  /**
   * Whatever the core does - it answers 5xx or hangs, for longer than 30 s - a paid payment is delivered or
   * its money is on its way back within 30 s of being confirmed, with the default upstream time-out. The
   * credit the core could not deny is reversed once the core answers again.
   */
  it.each([
    ['answers 5xx', { failNext5xx: 100_000 }],
    ['hangs', { timeoutNext: 100_000, hangMs: 60_000 }],
  ])(
    'a core that %s for longer than 30 s: refunded within 30 s of payment, reversal queued until it answers',
    async (_name, fault) => {
      const portal = await startTestPortal(kind, {
        env: { UPSTREAM_TIMEOUT_MS: '10000', RECONCILE_INTERVAL_SECONDS: '5' },
      });
      open.push(portal);
      const before = (await coreView(portal, NUMBER)).airtimeBalance;
      const { transactionId, redirectUrl } = await startCardPayment(portal, 650, { number: NUMBER });
      expect((await portal.request('PATCH', '/sandbox/faults', { core: fault })).status).toBe(200);
      const callback = await payOnCheckout(redirectUrl, SUCCESS_CARD);
      await portal.request('GET', pathOf(callback));
      const final = await statusWhen(
        portal,
        transactionId,
        (s) => s.transactionStatus === 'REFUNDED' || s.transactionStatus === 'FULFILLED',
        40_000,
      );
      expect(final.transactionStatus).toBe('REFUNDED');
      expect(await refundedAfterPaidMs(portal, transactionId)).toBeLessThan(30_000);
      const gateway = await portal.db.sql.query<{ status: string }>(
        'select status from sandbox.card_transactions where reference = $1',
        [transactionId],
      );
      expect(gateway.rows[0]?.status).toBe('reversed');
      // The core cannot yet say whether the credit landed: the reversal waits, visible to the operator.
      const pending = await portal.db.sql.query<{
        reversal_due_at: Date | null;
        reversal_done_at: Date | null;
      }>('select reversal_due_at, reversal_done_at from transactions where id = $1', [transactionId]);
      expect(pending.rows[0]?.reversal_due_at).toBeTruthy();
      expect(pending.rows[0]?.reversal_done_at).toBeNull();

      await portal.request('DELETE', '/sandbox/faults');
      const reversed = await eventually(async () => {
        const row = await portal.db.sql.query<{ reversal_done_at: Date | null; reversal_outcome: string }>(
          'select reversal_done_at, reversal_outcome from transactions where id = $1',
          [transactionId],
        );
        return row.rows[0]?.reversal_done_at ? row.rows[0] : undefined;
      }, 30_000);
      expect(reversed.reversal_outcome).toBe('NOT_APPLIED');
      const after = await coreView(portal, NUMBER);
      expect(after.airtimeBalance).toBe(before);
      expect(
        after.operations.filter(
          (o) => o.transactionId === transactionId && o.type === 'AIRTIME_CREDIT' && !o.reversed,
        ),
      ).toHaveLength(0);
      expect((await statusOf(portal, transactionId)).statusReason).toMatch(/refunded/);
    },
    90_000,
  );
});
