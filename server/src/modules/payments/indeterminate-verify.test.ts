import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestPortal, testDatabases, type TestPortal } from '../../test/harness.js';
import { eventsOf, pathOf, startCardPayment, statusOf } from '../../test/payments.js';
import { coreView, payOnCheckout, SUCCESS_CARD } from '../../test/sandbox-client.js';

/**
 * A card gateway that refuses to answer (401/403 after a key rotation, 429 when throttling, 5xx) says
 * nothing about the money: a paid payment stays open, is asked about again with back-off and is delivered
 * once the gateway answers; the operator sees the failures counted in /metrics. Only "no such transaction"
 * closes a payment.
 */
describe.each(testDatabases())('card verification that cannot be answered is not a decline (%s)', (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(kind, { env: { RECONCILE_INTERVAL_SECONDS: '5' } });
  });
  afterAll(async () => {
    await portal?.close();
  });

  const metric = async (labels: string[]) => {
    const text = (await portal.request<string>('GET', '/metrics')).body;
    const line = text
      .split('\n')
      .find((l) => l.startsWith('portal_provider_failures_total{') && labels.every((x) => l.includes(x)));
    return line ? Number(line.split(' ').pop()) : 0;
  };

  it.each([
    ['failNext401', 401, 'indeterminate'],
    ['failNext403', 403, 'indeterminate'],
    ['failNext429', 429, 'retry'],
  ] as const)(
    '%s: a paid payment returned to while the gateway answers %d is delivered once',
    async (knob, _code, failure) => {
      const labels = [`provider="paystack"`, `operation="verify"`, `kind="${failure}"`];
      const countedBefore = await metric(labels);
      const before = (await coreView(portal, '8021000001')).airtimeBalance;
      const { transactionId, redirectUrl } = await startCardPayment(portal, 210, { number: '8021000001' });
      // The webhook of the payment is lost; the browser's return is the only news the portal gets.
      const faulted = await portal.request('PATCH', '/sandbox/faults', {
        webhooks: { dropNext: 1 },
        card: { [knob]: 2 },
      });
      expect(faulted.status, JSON.stringify(faulted.body)).toBe(200);
      const callback = await payOnCheckout(redirectUrl, SUCCESS_CARD);
      await portal.request('GET', pathOf(callback));
      const final = await eventually(async () => {
        const s = await statusOf(portal, transactionId);
        return s.status === 'SUCCESS' || s.status === 'FAILED' ? s : undefined;
      }, 25_000);
      expect(final.status).toBe('SUCCESS');
      expect((await eventsOf(portal, transactionId)).map((e) => e.to_state)).not.toContain('FAILED');
      expect((await coreView(portal, '8021000001')).airtimeBalance).toBe(before + 210);
      expect(await metric(labels)).toBeGreaterThan(countedBefore);
      const left = (await portal.request<{ card: Record<string, number> }>('GET', '/sandbox/faults')).body;
      expect(left.card[knob]).toBe(0);
      await portal.request('DELETE', '/sandbox/faults');
    },
  );

  it('a reference the gateway never saw closes the payment as failed', async () => {
    const { transactionId } = await startCardPayment(portal, 220, { number: '8021000001' });
    // The gateway loses its record (a reset): "no such transaction" is its final word.
    await portal.db.sql.query('delete from sandbox.card_transactions where reference = $1', [transactionId]);
    await portal.request(
      'GET',
      `/api/portal-service/transaction/v1/pg-callback/paystack?reference=${transactionId}`,
    );
    const final = await eventually(async () => {
      const s = await statusOf(portal, transactionId);
      return s.status === 'FAILED' ? s : undefined;
    });
    expect(final.transactionStatus).toBe('FAILED');
  });
});
