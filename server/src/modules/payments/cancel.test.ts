import { PATHS, type Envelope } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, testDatabases, type TestPortal } from '../../test/harness.js';
import { eventsOf, statusOf } from '../../test/payments.js';

/**
 * The browser's "I cancelled" closes a payment the gateway still calls unfinished (a popup closed with
 * Escape) only when it comes from the browser that started the payment: it carries the cancel token that
 * initiate gave that browser. A transaction id alone, which anyone may hold, cancels nothing.
 */
describe.each(testDatabases())('only the browser that started a payment can cancel it (%s)', (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(kind);
  });
  afterAll(async () => {
    await portal?.close();
  });

  async function startCard(amount: number) {
    const initiated = await portal.request<Envelope<{ transactionId: string; cancelToken?: string }>>(
      'POST',
      PATHS.initiate,
      {
        amount,
        mobileNumber: '8021000001',
        transactionType: 'PREPAID_RECHARGE',
        paymentMode: 'PAYMENT_GATEWAY',
        paymentGateway: 'paystack',
        emailId: 'ada@example.com',
      },
      { 'idempotency-key': `cancel-${kind}-${amount}-${Date.now()}` },
    );
    expect(initiated.status).toBe(200);
    const { transactionId, cancelToken } = initiated.body.result;
    const processed = await portal.request('POST', PATHS.process, {
      transactionId,
      paymentMode: 'PAYMENT_GATEWAY',
      paymentGateway: 'paystack',
    });
    expect(processed.status).toBe(200);
    return { transactionId, cancelToken };
  }

  const cancel = (transactionId: string, token?: string) =>
    portal.request(
      'GET',
      `${PATHS.pgCallback('paystack')}?txref=${transactionId}&PnrID=${transactionId}&status=CANCELLED` +
        (token !== undefined ? `&cancelToken=${encodeURIComponent(token)}` : ''),
    );

  it('a cancel without the token, or with another payment’s, leaves the payment open', async () => {
    const victim = await startCard(140);
    const other = await startCard(150);
    for (const token of [undefined, '', 'forged', other.cancelToken]) {
      const answer = await cancel(victim.transactionId, token);
      expect(answer.status).toBe(303);
    }
    expect(await statusOf(portal, victim.transactionId)).toMatchObject({
      transactionStatus: 'PENDING',
      status: 'REQUEST_REGISTERED',
    });
    expect((await eventsOf(portal, victim.transactionId)).map((e) => e.to_state)).not.toContain('CANCELLED');
  });

  it('the cancel token of initiate cancels the payment of that browser', async () => {
    const { transactionId, cancelToken } = await startCard(160);
    expect(cancelToken).toBeTruthy();
    await cancel(transactionId, cancelToken);
    expect(await statusOf(portal, transactionId)).toMatchObject({
      transactionStatus: 'CANCELLED',
      statusReason: 'Payment cancelled',
    });
  });
});
