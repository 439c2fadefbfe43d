import { PATHS, type Envelope } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  startTestPortal,
  whenQuiet,
  testDatabases,
  type TestPortal,
} from '../../test/harness.js';
import {
  coreView,
  DECLINE_CARD,
  payOnCheckout,
  SUCCESS_CARD,
  cancelOnCheckout,
} from '../../test/sandbox-client.js';
import {
  airtimeCredits,
  cardRecharge,
  expectDeliveredOnce,
  jobNamesOf,
  pathOf,
  payByCard,
  startCardPayment as startPayment,
  statusOf,
  statusWhen,
} from '../../test/payments.js';
import { paystackSignature } from '../../upstream/gateways/paystack.js';
import { JOBS } from './context.js';

const NUMBER = '8021000001';

describe.each(testDatabases())('card payment, end to end through the sandbox (%s)', (kind) => {
  let portal: TestPortal;

  beforeAll(async () => {
    portal = await startTestPortal(kind);
  });
  afterAll(async () => {
    await portal?.close();
  });

  const startCardPayment = (amount: number) => startPayment(portal, amount, { number: NUMBER });

  const status = (id: string) => statusOf(portal, id);

  const creditsFor = (id: string) => airtimeCredits(portal, NUMBER, id);

  it('credits airtime exactly once, however often the callback and webhook arrive', async () => {
    const balanceBefore = (await coreView(portal, NUMBER)).airtimeBalance;
    const { transactionId, redirectUrl } = await startCardPayment(500);
    expect(redirectUrl).toContain('/sandbox/paystack/checkout/');
    const callback = await payOnCheckout(redirectUrl, SUCCESS_CARD);
    expect(callback).toContain(PATHS.pgCallback('paystack'));

    // The browser returns (several times, as reloads do) while the signed webhook also arrives.
    await expectDeliveredOnce(portal, {
      transactionId,
      callback,
      number: NUMBER,
      amount: 500,
      balanceBefore,
    });
    // Of the card, only the last four digits the gateway's verification named are kept (for the receipt).
    const kept = await portal.db.sql.query<{ meta: Record<string, unknown> }>(
      'select meta from transactions where id = $1',
      [transactionId],
    );
    expect(kept.rows[0]!.meta['cardLast4']).toBe(SUCCESS_CARD.replace(/\D/g, '').slice(-4));
  });

  it('the instance that sees a payment paid gives its value at once, without a fulfil job', async () => {
    const transactionId = await payByCard(portal, 300, { number: NUMBER });
    await statusWhen(portal, transactionId, (s) => s.status === 'SUCCESS');
    // The outcome's SMS is a job of the payment (so the query finds its jobs); its value was not one.
    const jobs = await eventually(async () => {
      const names = await jobNamesOf(portal, transactionId);
      return names.includes(JOBS.notify) ? names : undefined;
    });
    expect(jobs).not.toContain(JOBS.fulfil);
    expect(await creditsFor(transactionId)).toHaveLength(1);
  });

  it('a fulfilment under way in the instance counts as work when a test waits for quiet', async () => {
    await portal.request('PATCH', '/sandbox/faults', { core: { latencyMs: 1500 } });
    try {
      const transactionId = await payByCard(portal, 350, { number: NUMBER });
      await whenQuiet(portal);
      expect((await status(transactionId)).transactionStatus).toBe('FULFILLED');
    } finally {
      await portal.request('DELETE', '/sandbox/faults');
    }
  });

  it('a replayed signed webhook, before and after the return, still credits once', async () => {
    const before = (await coreView(portal, NUMBER)).airtimeBalance;
    const { transactionId, redirectUrl } = await startCardPayment(250);
    await payOnCheckout(redirectUrl, SUCCESS_CARD);
    const body = JSON.stringify({
      event: 'charge.success',
      data: { id: 1, reference: transactionId, amount: 25000, currency: 'NGN', status: 'success' },
    });
    const signature = paystackSignature(body, portal.config.secrets.cardSecretKey);
    const post = () =>
      fetch(`${portal.baseUrl}${PATHS.webhook('paystack')}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
        body,
      });
    const answers = await Promise.all([post(), post(), post()]);
    for (const a of answers) expect(a.status).toBe(200);
    await eventually(async () => ((await status(transactionId)).status === 'SUCCESS' ? true : undefined));
    await post();
    await whenQuiet(portal);
    expect(await creditsFor(transactionId)).toHaveLength(1);
    expect((await coreView(portal, NUMBER)).airtimeBalance).toBe(before + 250);
  });

  it('a declined card ends FAILED with the reason and credits nothing', async () => {
    const before = (await coreView(portal, NUMBER)).airtimeBalance;
    const { transactionId, redirectUrl } = await startCardPayment(300);
    const callback = await payOnCheckout(redirectUrl, DECLINE_CARD);
    await portal.request('GET', pathOf(callback));
    const final = await statusWhen(portal, transactionId, (s) => s.status === 'FAILED');
    expect(final.statusReason).toBeTruthy();
    await whenQuiet(portal);
    expect(await creditsFor(transactionId)).toHaveLength(0);
    expect((await coreView(portal, NUMBER)).airtimeBalance).toBe(before);
  });

  it('cancelling on the checkout ends CANCELLED (shown FAILED) and credits nothing', async () => {
    const { transactionId, redirectUrl } = await startCardPayment(100);
    const callback = await cancelOnCheckout(redirectUrl);
    expect(callback).toContain('status=CANCELLED');
    await portal.request('GET', pathOf(callback));
    const final = await statusWhen(portal, transactionId, (s) => s.transactionStatus === 'CANCELLED');
    expect(final.status).toBe('FAILED');
    expect(await creditsFor(transactionId)).toHaveLength(0);
  });

  it('a popup closed without paying returns CANCELLED and ends CANCELLED; money arriving later is still delivered once', async () => {
    const before = (await coreView(portal, NUMBER)).airtimeBalance;
    const { transactionId, redirectUrl, cancelToken } = await startCardPayment(130);
    // The browser closed the popup: the gateway never heard of it, so its transaction is still ongoing.
    const cancelled = await portal.request(
      'GET',
      `${PATHS.pgCallback('paystack')}?reference=${transactionId}&status=CANCELLED&cancelToken=${cancelToken}`,
    );
    expect(cancelled.status).toBe(303);
    expect(await status(transactionId)).toMatchObject({
      transactionStatus: 'CANCELLED',
      status: 'FAILED',
      statusReason: 'Payment cancelled',
    });

    // The subscriber had paid after all (another tab, a slow bank): the gateway's webhook reopens it.
    await payOnCheckout(redirectUrl, SUCCESS_CARD);
    const final = await statusWhen(portal, transactionId, (s) => s.status === 'SUCCESS', 20_000);
    expect(final.transactionStatus).toBe('FULFILLED');
    expect(await creditsFor(transactionId)).toHaveLength(1);
    expect((await coreView(portal, NUMBER)).airtimeBalance).toBeCloseTo(before + 130, 2);

    // A cancel arriving now (a stale tab) changes nothing.
    await portal.request(
      'GET',
      `${PATHS.pgCallback('paystack')}?reference=${transactionId}&status=CANCELLED&cancelToken=${cancelToken}`,
    );
    expect((await status(transactionId)).transactionStatus).toBe('FULFILLED');
  });

  it("a bundle is priced and offered by the catalogue: another price or another line's bundle is refused", async () => {
    const bundle = (productCode: string, amount: number, mobileNumber = NUMBER) =>
      portal.request<Envelope<{ transactionId: string } | null>>('POST', PATHS.initiate, {
        amount,
        mobileNumber,
        productCode,
        transactionType: 'PREPAID_BUNDLES',
        paymentMode: 'PAYMENT_GATEWAY',
        paymentGateway: 'paystack',
        emailId: 'ada@example.com',
      });
    expect((await bundle('DATA_M_10GB', 100)).body.message).toBe(
      'The price of this bundle has changed. Please choose it again.',
    );
    // A postpaid bundle for a prepaid line, a MiFi bundle for a phone, a phone bundle for a MiFi.
    for (const [code, number] of [
      ['POST_DATA_M_10GB', NUMBER],
      ['MIFI_MONTHLY_10GB', NUMBER],
      ['DATA_M_10GB', '9021000005'],
    ] as const) {
      const refused = await bundle(code, 4500, number);
      expect(refused.status, `${code} for ${number}`).toBe(400);
      expect(refused.body.message).toBe('This bundle is not available for this number.');
    }
    expect((await bundle('DATA_M_10GB', 4500)).status).toBe(200);
    expect((await bundle('MIFI_MONTHLY_10GB', 4500, '9021000005')).status).toBe(200);
  });

  it('a forged return with status=SUCCESS credits nothing', async () => {
    const { transactionId } = await startCardPayment(400);
    const forged = await portal.request(
      'GET',
      `${PATHS.pgCallback('paystack')}?txref=${transactionId}&reference=${transactionId}&PnrID=${transactionId}&status=SUCCESS`,
    );
    expect(forged.status).toBe(303);
    await whenQuiet(portal);
    const s = await status(transactionId);
    expect(s.status).toBe('REQUEST_REGISTERED');
    expect(await creditsFor(transactionId)).toHaveLength(0);
  });

  it('a webhook with a bad signature is refused and leaves no trace', async () => {
    const { transactionId } = await startCardPayment(150);
    const body = JSON.stringify({
      event: 'charge.success',
      data: { id: 9, reference: transactionId, amount: 15000, currency: 'NGN' },
    });
    const answer = await fetch(`${portal.baseUrl}${PATHS.webhook('paystack')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': 'f'.repeat(128) },
      body,
    });
    expect(answer.status).toBe(401);
    const recorded = await portal.db.sql.query('select 1 from provider_events where reference = $1', [
      transactionId,
    ]);
    expect(recorded.rows).toHaveLength(0);
    expect((await status(transactionId)).status).toBe('REQUEST_REGISTERED');
  });

  it('one transaction per idempotency key; the same key with another purchase is refused', async () => {
    const body = cardRecharge(700, NUMBER);
    const headers = { 'idempotency-key': `same-key-${kind}-${Date.now()}` };
    const first = await portal.request<Envelope<{ transactionId: string }>>(
      'POST',
      PATHS.initiate,
      body,
      headers,
    );
    const again = await portal.request<Envelope<{ transactionId: string }>>(
      'POST',
      PATHS.initiate,
      body,
      headers,
    );
    expect(again.body.result.transactionId).toBe(first.body.result.transactionId);
    const other = await portal.request<Envelope<null>>(
      'POST',
      PATHS.initiate,
      { ...body, amount: 800 },
      headers,
    );
    expect(other.status).toBe(409);
    expect(other.body.statusCode).toBe('IDEMPOTENCY_CONFLICT');
  });

  it('refuses amounts out of limits, wrong line types and unknown numbers before any money moves', async () => {
    const base = {
      mobileNumber: NUMBER,
      transactionType: 'PREPAID_RECHARGE',
      paymentMode: 'PAYMENT_GATEWAY',
      emailId: 'ada@example.com',
      paymentGateway: 'paystack',
    };
    const low = await portal.request<Envelope<null>>('POST', PATHS.initiate, { ...base, amount: 49 });
    expect(low.status).toBe(400);
    expect(low.body).toMatchObject({
      statusCode: 'AMOUNT_OUT_OF_RANGE',
      message: 'Minimum amount should be NGN 50',
    });
    const high = await portal.request<Envelope<null>>('POST', PATHS.initiate, { ...base, amount: 50001 });
    expect(high.body).toMatchObject({
      statusCode: 'AMOUNT_OUT_OF_RANGE',
      message: 'Maximum amount should be NGN 50,000',
    });
    const postpaid = await portal.request<Envelope<null>>('POST', PATHS.initiate, {
      ...base,
      amount: 100,
      mobileNumber: '8021000002',
    });
    expect(postpaid.body.message).toBe('Invalid Mobile No');
    for (const number of ['7011000009', '8031234567']) {
      const unknown = await portal.request<Envelope<null>>('POST', PATHS.initiate, {
        ...base,
        amount: 100,
        mobileNumber: number,
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe('Invalid Mobile No');
    }
    const malformed = await portal.request<Envelope<null>>('POST', PATHS.initiate, {
      ...base,
      amount: 100,
      mobileNumber: '12',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.status).toBe('failure');
  });
});
