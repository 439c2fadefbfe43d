import { PATHS, type Envelope, type PaymentOption, type TransactionStatusResult } from '@portal/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  startTestPortal,
  whenQuiet,
  testDatabases,
  type TestPortal,
} from '../../test/harness.js';
import {
  airtimeCredits,
  expectDeliveredOnce,
  pathOf,
  payByCard,
  startCardPayment,
  startPortalRefusingCredits,
  statusOf,
  statusWhen,
} from '../../test/payments.js';
import { coreView, DECLINE_CARD, payOnCheckout, SUCCESS_CARD } from '../../test/sandbox-client.js';
import { UpstreamError } from '../../upstream/http.js';

const NUMBER = '8021000001';

describe.each(testDatabases())('DPO card payment, end to end through the sandbox (%s)', (kind) => {
  let portal: TestPortal;
  let keySeq = 0;
  const key = () => `dpo-test-${kind}-${++keySeq}-${Date.now()}`;

  beforeAll(async () => {
    // Reconciliation every 5 s, so the test of a browser that never returns does not wait long.
    portal = await startTestPortal(kind, { env: { RECONCILE_INTERVAL_SECONDS: '5' } });
  });
  afterAll(async () => {
    await portal?.close();
  });

  const start = (amount: number) => startCardPayment(portal, amount, { gateway: 'dpo', key: key() });
  const status = (id: string) => statusOf(portal, id);
  const credits = (id: string) => airtimeCredits(portal, NUMBER, id);

  it('the payment page offers DPO beside Paystack in the one card panel, as a redirect', async () => {
    const res = await portal.request<Envelope<{ paymentOption: PaymentOption[] }>>(
      'POST',
      PATHS.paymentOptions,
      { amount: 500, mobileNumber: NUMBER, subscriberType: 'PREPAID', transactionType: 'PREPAID_RECHARGE' },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const cards = res.body.result.paymentOption.filter((o) => o.type === 'PG');
    expect(cards).toEqual([
      { name: 'Debit/Credit Card', type: 'PG', paymentGateway: 'paystack', popup: true },
      { name: 'Debit/Credit Card', type: 'PG', paymentGateway: 'dpo', popup: false },
    ]);
  });

  it('pays on the hosted page, returns through pg-callback and credits airtime exactly once', async () => {
    const balanceBefore = (await coreView(portal, NUMBER)).airtimeBalance;
    const { transactionId, redirectUrl, reference } = await start(500);
    expect(redirectUrl).toContain('/sandbox/dpo/payv2.php?ID=');
    expect(reference).toBe(new URL(redirectUrl).searchParams.get('ID'));

    const callback = await payOnCheckout(redirectUrl, SUCCESS_CARD);
    expect(callback).toContain(PATHS.pgCallback('dpo'));
    expect(new URL(callback).searchParams.get('reference')).toBe(transactionId);
    // The browser returns, and reloads the page twice.
    await expectDeliveredOnce(portal, {
      transactionId,
      callback,
      number: NUMBER,
      amount: 500,
      balanceBefore,
    });
  });

  it("a declined card ends FAILED with DPO's reason, told in the page's language, and credits nothing", async () => {
    const before = (await coreView(portal, NUMBER)).airtimeBalance;
    const { transactionId, redirectUrl } = await start(300);
    const callback = await payOnCheckout(redirectUrl, DECLINE_CARD);
    const back = await portal.request('GET', pathOf(callback));
    expect(back.status).toBe(303);
    const final = await statusWhen(portal, transactionId, (s) => s.status === 'FAILED');
    // DPO's 'Transaction Declined', in the words every gateway's decline is told in.
    expect(final).toMatchObject({ transactionStatus: 'FAILED', statusReason: 'Payment declined' });
    const hausa = await portal.request<Envelope<TransactionStatusResult>>(
      'GET',
      `${PATHS.status}?tid=${transactionId}`,
      undefined,
      { 'accept-language': 'ha' },
    );
    expect(hausa.body.result.statusReason).toBe('An ƙi biyan kuɗin');
    await whenQuiet(portal);
    expect(await credits(transactionId)).toHaveLength(0);
    expect((await coreView(portal, NUMBER)).airtimeBalance).toBe(before);
  });

  it('Cancel on the hosted page ends CANCELLED (shown FAILED) and credits nothing', async () => {
    const { transactionId, redirectUrl } = await start(100);
    const cancelled = await fetch(redirectUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=cancel',
    });
    expect(cancelled.status).toBe(302);
    const callback = cancelled.headers.get('location')!;
    expect(callback).toContain(PATHS.pgCallback('dpo'));
    expect(new URL(callback).searchParams.get('status')).toBe('CANCELLED');
    const back = await portal.request('GET', pathOf(callback));
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/payment/status?id=${transactionId}`);
    const final = await statusWhen(portal, transactionId, (s) => s.transactionStatus === 'CANCELLED');
    expect(final.status).toBe('FAILED');
    expect(await credits(transactionId)).toHaveLength(0);
  });

  it('a forged return with status=SUCCESS credits nothing, even with the token of another paid payment', async () => {
    const paid = await start(200);
    await payOnCheckout(paid.redirectUrl, SUCCESS_CARD);
    const { transactionId, reference } = await start(400);
    for (const query of [
      `reference=${transactionId}&status=SUCCESS`,
      `reference=${transactionId}&TransactionToken=${paid.reference}&CCDapproval=123456&PnrID=${transactionId}&CompanyRef=${transactionId}&status=SUCCESS`,
      `PnrID=${transactionId}&TransactionToken=${reference}&status=SUCCESS`,
    ]) {
      const forged = await portal.request('GET', `${PATHS.pgCallback('dpo')}?${query}`);
      expect(forged.status, query).toBe(303);
    }
    await whenQuiet(portal);
    expect((await status(transactionId)).status).toBe('REQUEST_REGISTERED');
    expect(await credits(transactionId)).toHaveLength(0);
    // The other payment's token only made the portal ask DPO about that payment, which DPO confirms paid.
    expect(['PAID', 'FULFILLED']).toContain((await status(paid.transactionId)).transactionStatus);
  });

  it('a return for a DPO payment through another gateway path is refused', async () => {
    const { transactionId } = await start(150);
    const other = await portal.request('GET', `${PATHS.pgCallback('paystack')}?reference=${transactionId}`);
    // The browser lands on the not-found page, not on the payment's status.
    expect(other.status).toBe(303);
    expect(other.headers.get('location')).toBe('/page-not-found');
  });

  it('DPO has no webhooks: a notification is refused and leaves no trace', async () => {
    const { transactionId, reference } = await start(160);
    const answer = await fetch(`${portal.baseUrl}${PATHS.webhook('dpo')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ TransactionToken: reference, CompanyRef: transactionId, Result: '000' }),
    });
    expect(answer.status).toBe(401);
    expect((await status(transactionId)).status).toBe('REQUEST_REGISTERED');
  });

  it('a browser that never returns: the reconciliation job verifies the token and delivers once', async () => {
    const { transactionId, redirectUrl } = await start(250);
    await payOnCheckout(redirectUrl, SUCCESS_CARD);
    // As if the subscriber closed the tab a while ago. Nobody watches the status page either (watching it
    // asks the gateway too), so only the reconciliation job can settle it.
    await portal.db.sql.query(
      `update transactions set updated_at = now() - interval '1 minute' where id = $1`,
      [transactionId],
    );
    await eventually(async () => ((await credits(transactionId)).length > 0 ? true : undefined), 25_000);
    const paidBy = await portal.db.sql.query<{ data: { source?: string } }>(
      `select data from transaction_events where transaction_id = $1 and to_state = 'PAID'`,
      [transactionId],
    );
    expect(paidBy.rows.map((r) => r.data.source)).toEqual(['reconcile']);
    expect(await status(transactionId)).toMatchObject({ status: 'SUCCESS', transactionStatus: 'FULFILLED' });
    // The balance is not compared: the paid payment of the forged-return test may be reconciled meanwhile.
    expect((await credits(transactionId)).map((c) => c.amount)).toEqual([250]);
  }, 40_000);
});

describe.each(testDatabases())('DPO refund when the core refuses the credit (%s)', (kind) => {
  const open: TestPortal[] = [];
  afterEach(async () => {
    while (open.length) await open.pop()!.close();
  });

  it('reverses and refunds with refundToken, ending REFUNDED (shown FAILED), money back at DPO', async () => {
    const portal = await startPortalRefusingCredits(
      kind,
      () => new UpstreamError('client', 'core', 422, { error: 'BARRED' }, 'barred'),
    );
    open.push(portal);
    const before = (await coreView(portal, NUMBER)).airtimeBalance;
    const transactionId = await payByCard(portal, 600, { gateway: 'dpo' });
    const final = await statusWhen(portal, transactionId, (s) => s.transactionStatus === 'REFUNDED', 30_000);
    expect(final.status).toBe('FAILED');
    const held = await portal.db.sql.query<{
      status: string;
      amount_minor: unknown;
      refunded_minor: unknown;
    }>('select status, amount_minor, refunded_minor from sandbox.dpo_transactions where company_ref = $1', [
      transactionId,
    ]);
    expect(held.rows).toHaveLength(1);
    expect(Number(held.rows[0]!.refunded_minor)).toBe(60000);
    expect(Number(held.rows[0]!.amount_minor)).toBe(60000);
    expect((await coreView(portal, NUMBER)).airtimeBalance).toBe(before);
  }, 45_000);
});
