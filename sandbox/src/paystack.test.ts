import { describe, expect, it } from 'vitest';
import {
  AUTH,
  CARD_SECRET,
  expectSchema,
  hmac,
  sandboxPerTestFile,
  type TestSandbox,
} from './test-support.js';

let sb: TestSandbox;
sandboxPerTestFile((started) => (sb = started));

const CALLBACK = 'http://portal.test/api/portal-service/transaction/v1/pg-callback/status/ORP/paystack';
const WEBHOOK = '/orp/bfe/api/portal-service/transaction/v1/webhook/paystack';

let counter = 0;
function newReference() {
  counter += 1;
  return `TXN-${Date.now()}-${counter}`;
}

async function initialize(overrides: Record<string, unknown> = {}) {
  const body = {
    email: 'payer@example.com',
    amount: '500000',
    currency: 'NGN',
    reference: newReference(),
    callback_url: CALLBACK,
    channels: ['card', 'bank', 'ussd', 'mobile_money', 'bank_transfer'],
    metadata: { msisdn: '2348021000001' },
    ...overrides,
  };
  const res = await sb.app.inject({
    method: 'POST',
    url: '/sandbox/paystack/transaction/initialize',
    headers: AUTH,
    payload: body,
  });
  return { res, body, json: res.json() };
}

async function verify(reference: string) {
  const res = await sb.app.inject({
    method: 'GET',
    url: `/sandbox/paystack/transaction/verify/${encodeURIComponent(reference)}`,
    headers: AUTH,
  });
  return { status: res.statusCode, json: res.json() };
}

async function deliveryOf(reference: string) {
  const all = (await sb.app.inject({ method: 'GET', url: '/sandbox/deliveries' })).json() as Array<{
    status: string;
    body: { data?: { reference?: string } };
  }>;
  return all.find((d) => d.body.data?.reference === reference);
}

function checkoutPath(authorizationUrl: string) {
  return new URL(authorizationUrl).pathname;
}

async function pay(authorizationUrl: string, card: Record<string, string>) {
  return sb.app.inject({
    method: 'POST',
    url: checkoutPath(authorizationUrl),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(card).toString(),
  });
}

const GOOD_CARD = { cardNumber: '4084 0840 8408 4081', expiry: '12/39', cvv: '408' };
const DECLINED_CARD = { cardNumber: '4000 0000 0000 0002', expiry: '01/38', cvv: '123' };

describe('Paystack API', () => {
  it('checks bodies against the yaml for real', () => {
    expect(() =>
      expectSchema('TransactionInitializeResponse', { status: true, message: 'x', data: {} }),
    ).toThrow();
    expect(() => expectSchema('VerifyResponse', { status: true, message: 'x', data: { id: 'x' } })).toThrow();
  });

  it('requires the secret key', async () => {
    const none = await sb.app.inject({ method: 'GET', url: '/sandbox/paystack/transaction/verify/x' });
    expect(none.statusCode).toBe(401);
    expectSchema('Error', none.json());
    const wrong = await sb.app.inject({
      method: 'GET',
      url: '/sandbox/paystack/transaction/verify/x',
      headers: { authorization: 'Bearer sk_test_wrong' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('initializes a transaction as documented, and refuses a duplicate reference', async () => {
    const { res, body, json } = await initialize({ amount: 500000 });
    expectSchema('TransactionInitialize', body);
    expect(res.statusCode).toBe(200);
    expectSchema('TransactionInitializeResponse', json);
    expect(json).toMatchObject({ status: true, data: { reference: body.reference } });
    expect(json.data.authorization_url).toBe(
      `${sb.receiver.url}/sandbox/paystack/checkout/${json.data.access_code}`,
    );

    const again = await initialize({ reference: body.reference });
    expect(again.res.statusCode).toBe(400);
    expectSchema('TransactionInitializeBadRequestModel', again.json);
    expect(again.json).toMatchObject({
      status: false,
      message: 'Duplicate Transaction Reference',
      code: 'duplicate_reference',
    });
  });

  it('generates a reference when none is given and validates input', async () => {
    const { json } = await initialize({ reference: undefined });
    expect(json.data.reference).toMatch(/^[a-z0-9]{12}$/);
    expect((await initialize({ email: 'nope' })).json).toEqual({
      status: false,
      message: 'Invalid Email Address Passed',
    });
    expect((await initialize({ amount: 'abc' })).res.statusCode).toBe(400);
    expect((await initialize({ reference: 'bad ref!' })).res.statusCode).toBe(400);
    expect((await initialize({ currency: 'USD' })).res.statusCode).toBe(400);
    expect((await initialize({ channels: ['card', 'foo'] })).res.statusCode).toBe(400);
    expect((await initialize({ channels: 'card' })).res.statusCode).toBe(400);
    expect((await initialize({ channels: ['card', 'bank_transfer'] })).res.statusCode).toBe(200);
  });

  it('verifies an open transaction and answers 404 for an unknown reference', async () => {
    const { body } = await initialize();
    const { status, json } = await verify(String(body.reference));
    expect(status).toBe(200);
    expectSchema('VerifyResponse', json);
    expect(json).toMatchObject({
      status: true,
      message: 'Verification successful',
      data: { status: 'ongoing', amount: 500000, currency: 'NGN', reference: body.reference, paid_at: null },
    });
    const unknown = await verify('no-such-reference');
    expect(unknown.status).toBe(404);
    expectSchema('Error', unknown.json);
    expect(unknown.json.status).toBe(false);
  });
});

describe('hosted checkout', () => {
  it('shows an accessible form with the amount', async () => {
    const { json } = await initialize({ amount: 1_234_550 });
    const page = await sb.app.inject({ method: 'GET', url: checkoutPath(json.data.authorization_url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    for (const text of [
      '<label for="card-number">Card number</label>',
      'Expiry (MM/YY)',
      '>CVV</label>',
      'Pay NGN 12,345.50',
      '>Cancel</button>',
    ]) {
      expect(page.body).toContain(text);
    }
    expect(page.body).not.toMatch(/<(script|link|img)[^>]+(src|href)="https?:/);
  });

  it('escapes values the merchant supplied', async () => {
    const { json } = await initialize({ email: 'a<b>"x@example.com' });
    const page = await sb.app.inject({ method: 'GET', url: checkoutPath(json.data.authorization_url) });
    expect(page.body).toContain('a&lt;b&gt;&quot;x@example.com');
    expect(page.body).not.toContain('a<b>');
  });

  it('takes the success card: redirects to the callback and sends a signed charge.success webhook', async () => {
    const { body, json } = await initialize();
    const res = await pay(json.data.authorization_url, GOOD_CARD);
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
    expect(location.searchParams.get('trxref')).toBe(body.reference);
    expect(location.searchParams.get('reference')).toBe(body.reference);

    const verified = await verify(String(body.reference));
    expectSchema('VerifyResponse', verified.json);
    expect(verified.json.data).toMatchObject({
      status: 'success',
      gateway_response: 'Successful',
      amount: 500000,
      channel: 'card',
      customer: { email: 'payer@example.com' },
      authorization: { last4: '4081', exp_month: '12', exp_year: '2039' },
    });
    expect(Date.parse(verified.json.data.paid_at)).toBeGreaterThan(0);

    const [hook] = await sb.receiver.waitFor(1, String(body.reference));
    expect(hook!.url).toBe(WEBHOOK);
    expect(hook!.headers['x-paystack-signature']).toBe(hmac('sha512', CARD_SECRET, hook!.rawBody));
    expect(hook!.body.event).toBe('charge.success');
    expectSchema('VerifyResponse', { status: true, message: 'webhook', data: hook!.body.data });
    expect(hook!.body.data).toMatchObject({ reference: body.reference, status: 'success', amount: 500000 });

    const fetched = await sb.app.inject({
      method: 'GET',
      url: `/sandbox/paystack/transaction/${verified.json.data.id}`,
      headers: AUTH,
    });
    expectSchema('TransactionFetchResponse', fetched.json());

    // A second submit (double click) changes nothing and sends no second webhook.
    const again = await pay(json.data.authorization_url, GOOD_CARD);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('no longer open');
  });

  it('declines the decline card with a charge.failed webhook', async () => {
    const { body, json } = await initialize();
    const res = await pay(json.data.authorization_url, DECLINED_CARD);
    expect(res.statusCode).toBe(302);
    expect(new URL(String(res.headers.location)).searchParams.get('reference')).toBe(body.reference);
    const verified = await verify(String(body.reference));
    expect(verified.json.data).toMatchObject({
      status: 'failed',
      gateway_response: 'Declined',
      paid_at: null,
    });
    const [hook] = await sb.receiver.waitFor(1, String(body.reference));
    expect(hook!.body).toMatchObject({ event: 'charge.failed', data: { status: 'failed' } });

    // Fetched, an unpaid transaction still answers in the description's shape (paid_at a string there).
    const fetched = await sb.app.inject({
      method: 'GET',
      url: `/sandbox/paystack/transaction/${verified.json.data.id}`,
      headers: AUTH,
    });
    expectSchema('TransactionFetchResponse', fetched.json());
  });

  it('rejects other cards, bad expiry and a wrong CVV with a visible error', async () => {
    const { body, json } = await initialize();
    for (const card of [
      { ...GOOD_CARD, cardNumber: '4111 1111 1111 1111' },
      { ...GOOD_CARD, cardNumber: '1234' },
      { ...GOOD_CARD, expiry: '01/20' },
      { ...GOOD_CARD, expiry: '13/30' },
      { ...GOOD_CARD, cvv: '123' },
    ]) {
      const res = await pay(json.data.authorization_url, card);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('role="alert"');
    }
    expect((await verify(String(body.reference))).json.data.status).toBe('ongoing');
  });

  it('cancel returns with status CANCELLED, or to metadata.cancel_action', async () => {
    const first = await initialize();
    const res = await sb.app.inject({
      method: 'POST',
      url: `${checkoutPath(first.json.data.authorization_url)}/cancel`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(location.searchParams.get('status')).toBe('CANCELLED');
    expect(location.searchParams.get('trxref')).toBe(first.body.reference);
    expect((await verify(String(first.body.reference))).json.data.status).toBe('abandoned');

    const cancelAction = 'http://portal.test/back?status=CANCELLED&reference=abc';
    const second = await initialize({ metadata: { cancel_action: cancelAction } });
    const res2 = await sb.app.inject({
      method: 'POST',
      url: `${checkoutPath(second.json.data.authorization_url)}/cancel`,
    });
    expect(res2.headers.location).toBe(cancelAction);
    expect(sb.receiver.of(String(first.body.reference))).toHaveLength(0);
    expect(sb.receiver.of(String(second.body.reference))).toHaveLength(0);
  });

  it('retries a webhook the portal did not accept', async () => {
    sb.receiver.replies.push(500);
    const { body, json } = await initialize();
    await pay(json.data.authorization_url, GOOD_CARD);
    const hooks = await sb.receiver.waitFor(2, String(body.reference));
    expect(hooks[0]!.rawBody).toBe(hooks[1]!.rawBody);
    await expect.poll(async () => (await deliveryOf(String(body.reference)))?.status).toBe('DELIVERED');
    expect(await deliveryOf(String(body.reference))).toMatchObject({
      kind: 'paystack-webhook',
      attempts: 2,
      lastStatus: 200,
    });
  });

  it('webhook faults: drop, duplicate, delay', async () => {
    await sb.app.inject({ method: 'PATCH', url: '/sandbox/faults', payload: { webhooks: { dropNext: 1 } } });
    const dropped = await initialize();
    await pay(dropped.json.data.authorization_url, GOOD_CARD);
    await expect.poll(async () => (await deliveryOf(String(dropped.body.reference)))?.status).toBe('DROPPED');
    expect(sb.receiver.of(String(dropped.body.reference))).toHaveLength(0);

    await sb.app.inject({
      method: 'PATCH',
      url: '/sandbox/faults',
      payload: { webhooks: { duplicate: true, delayMs: 200 } },
    });
    const started = Date.now();
    const twice = await initialize();
    await pay(twice.json.data.authorization_url, GOOD_CARD);
    const hooks = await sb.receiver.waitFor(2, String(twice.body.reference));
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(hooks[0]!.rawBody).toBe(hooks[1]!.rawBody);
  });
});

describe('webhook faults, one notification at a time (late, out of order, duplicate)', () => {
  const faultsOf = async (reference: string) =>
    ((await deliveryOf(reference)) as { faults?: string[] } | undefined)?.faults;
  const patch = (webhooks: Record<string, number | boolean>) =>
    sb.app.inject({ method: 'PATCH', url: '/sandbox/faults', payload: { webhooks } });
  const paid = async () => {
    const { body, json } = await initialize();
    await pay(json.data.authorization_url, GOOD_CARD);
    return String(body.reference);
  };

  it('lateNext holds the next webhook lateMs, once, and records it', async () => {
    await patch({ lateNext: 1, lateMs: 300 });
    const started = Date.now();
    const late = await paid();
    await sb.receiver.waitFor(1, late);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    await expect.poll(() => faultsOf(late)).toEqual(['late']);
    const onTime = await paid();
    await sb.receiver.waitFor(1, onTime);
    await expect.poll(async () => (await deliveryOf(onTime))?.status).toBe('DELIVERED');
    expect(await faultsOf(onTime)).toEqual([]);
    expect((await sb.app.inject({ method: 'GET', url: '/sandbox/faults' })).json().webhooks.lateNext).toBe(0);
  });

  it('reorderNext holds the next webhook until a later one was delivered', async () => {
    await patch({ reorderNext: 1, lateMs: 10_000 });
    const first = await paid();
    const second = await paid();
    await sb.receiver.waitFor(1, first);
    const order = sb.receiver.received.map((r) => r.rawBody);
    const at = (reference: string) => order.findIndex((body) => body.includes(JSON.stringify(reference)));
    expect(at(second)).toBeGreaterThanOrEqual(0);
    expect(at(second)).toBeLessThan(at(first));
    await expect.poll(() => faultsOf(first)).toEqual(['reordered']);
    expect(await faultsOf(second)).toEqual([]);
  });

  it('an out-of-order webhook nothing overtook is sent after lateMs, not recorded as reordered', async () => {
    await patch({ reorderNext: 1, lateMs: 200 });
    const alone = await paid();
    await sb.receiver.waitFor(1, alone);
    await expect.poll(async () => (await deliveryOf(alone))?.status).toBe('DELIVERED');
    expect(await faultsOf(alone)).toEqual([]);
  });

  it('duplicateNext sends the next webhook twice, once', async () => {
    await patch({ duplicateNext: 1 });
    const twice = await paid();
    const hooks = await sb.receiver.waitFor(2, twice);
    expect(hooks[0]!.rawBody).toBe(hooks[1]!.rawBody);
    await expect.poll(() => faultsOf(twice)).toEqual(['duplicate']);
    const once = await paid();
    await sb.receiver.waitFor(1, once);
    await expect.poll(async () => (await deliveryOf(once))?.status).toBe('DELIVERED');
    expect(sb.receiver.of(once)).toHaveLength(1);
    expect(await faultsOf(once)).toEqual([]);
  });
});

describe('refunds', () => {
  async function paidTransaction(amount = 500000) {
    const { body, json } = await initialize({ amount: String(amount) });
    await pay(json.data.authorization_url, GOOD_CARD);
    await sb.receiver.waitFor(1, String(body.reference));
    return String(body.reference);
  }

  async function refund(payload: Record<string, unknown>) {
    const res = await sb.app.inject({
      method: 'POST',
      url: '/sandbox/paystack/refund',
      headers: AUTH,
      payload,
    });
    return { status: res.statusCode, json: res.json() };
  }

  it('refunds a paid transaction fully, once', async () => {
    const reference = await paidTransaction();
    const request = { transaction: reference };
    expectSchema('RefundCreate', request);
    const first = await refund(request);
    expect(first.status).toBe(200);
    expectSchema('RefundCreateResponse', first.json);
    expect(first.json.data).toMatchObject({ amount: 500000, currency: 'NGN', transaction: { reference } });
    expect((await verify(reference)).json.data.status).toBe('reversed');
    const second = await refund(request);
    expect(second.status).toBe(400);
    expect(second.json.status).toBe(false);

    const fetched = await sb.app.inject({
      method: 'GET',
      url: `/sandbox/paystack/refund/${first.json.data.id}`,
      headers: AUTH,
    });
    expectSchema('RefundFetchResponse', fetched.json());
  });

  it('refunds partially by transaction id, never beyond the amount', async () => {
    const reference = await paidTransaction(10_000);
    const id = (await verify(reference)).json.data.id;
    const results = await Promise.all(
      [1, 2, 3].map(() => refund({ transaction: String(id), amount: 4_000 })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect((await verify(reference)).json.data.status).toBe('success');
    expect((await refund({ transaction: reference, amount: 2_000 })).status).toBe(200);
    expect((await verify(reference)).json.data.status).toBe('reversed');
  });

  it('refuses to refund an unpaid or unknown transaction', async () => {
    const { body } = await initialize();
    expect((await refund({ transaction: body.reference })).status).toBe(400);
    expect((await refund({ transaction: 'nope' })).status).toBe(404);
  });
});

describe('inline popup', () => {
  it('serves PaystackPop and reuses the transaction the portal initialized', async () => {
    const script = await sb.app.inject({ method: 'GET', url: '/sandbox/paystack/inline.js' });
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('window.PaystackPop');

    const { body, json } = await initialize();
    const res = await sb.app.inject({
      method: 'POST',
      url: '/sandbox/paystack/inline/transactions',
      payload: { key: 'pk_test_x', email: 'payer@example.com', amount: 500000, ref: body.reference },
    });
    expect(res.json()).toEqual({
      status: true,
      data: { access_code: json.data.access_code, reference: body.reference },
    });
    const noKey = await sb.app.inject({
      method: 'POST',
      url: '/sandbox/paystack/inline/transactions',
      payload: { ref: 'x' },
    });
    expect(noKey.statusCode).toBe(401);

    const created = await sb.app.inject({
      method: 'POST',
      url: '/sandbox/paystack/inline/transactions',
      payload: { key: 'pk_test_x', email: 'payer@example.com', amount: 20000, ref: 'inline-new-1' },
    });
    expect(created.json()).toMatchObject({ status: true, data: { reference: 'inline-new-1' } });
  });

  it('in inline mode the checkout reports the result to the opener page instead of redirecting', async () => {
    const { body, json } = await initialize();
    const path = checkoutPath(json.data.authorization_url);
    const page = await sb.app.inject({ method: 'GET', url: `${path}?mode=inline` });
    expect(page.body).toContain('name="mode" value="inline"');
    // Escape inside the popup's frame cancels (checkout-inline.js); the full page has no such script.
    expect(page.body).toContain('/sandbox/paystack/checkout-inline.js');
    expect((await sb.app.inject({ method: 'GET', url: path })).body).not.toContain('checkout-inline.js');
    const res = await sb.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...GOOD_CARD, mode: 'inline' }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('checkout-done.js');
    expect(res.body).toContain('data-status="success"');
    expect(res.body).toContain(`data-reference="${body.reference}"`);
    await sb.receiver.waitFor(1, String(body.reference));
  });
});
