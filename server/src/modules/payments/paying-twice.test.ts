import { PATHS, type Envelope } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestPortal, testDatabases, type TestPortal } from '../../test/harness.js';
import { payOnCheckout, SUCCESS_CARD } from '../../test/sandbox-client.js';
import { cardRecharge, pathOf } from '../../test/payments.js';
import { newTransactionId } from './context.js';
import { createPaymentStore, type NewTransaction } from './store.js';

const NUMBER = '8021000001';
let keys = 0;

/** The SMS messages a number received, newest first (the sandbox's inbox, design §4). */
async function inbox(portal: TestPortal, number: string) {
  return (await portal.request<{ text: string }[]>('GET', `/sandbox/sms?to=${number}`)).body;
}

describe.each(testDatabases())('a purchase remembers its language; paying twice asks first (%s)', (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    // The market's window (NG: 10 minutes), not the 0 of the other suites.
    portal = await startTestPortal(kind, { env: { DUPLICATE_PURCHASE_WINDOW_MINUTES: '10' } });
  }, 180_000);
  afterAll(async () => {
    await portal?.close();
  });

  const initiate = (
    amount: number,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) =>
    portal.request<Envelope<{ transactionId: string; earlier?: { reference: string; createdAt: string } }>>(
      'POST',
      PATHS.initiate,
      { ...cardRecharge(amount, NUMBER), ...extra },
      { 'idempotency-key': `paying-twice-${Date.now()}-${++keys}`, ...headers },
    );

  it('sends the SMS of a purchase made in Yoruba in Yoruba', async () => {
    const first = await initiate(321, { language: 'yo' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const id = first.body.result.transactionId;
    const processed = await portal.request<Envelope<{ redirectUrl: string }>>('POST', PATHS.process, {
      transactionId: id,
      paymentMode: 'PAYMENT_GATEWAY',
      paymentGateway: 'paystack',
    });
    await portal.request('GET', pathOf(await payOnCheckout(processed.body.result.redirectUrl, SUCCESS_CARD)));
    const sms = await eventually(async () => (await inbox(portal, NUMBER)).find((m) => m.text.includes(id)));
    expect(sms.text).toContain('ti yọrí sí rere');
    expect(sms.text).toContain('káàdì ìpè');
    expect(sms.text).toContain('₦321.00');

    // Its receipt: a PDF for the holder of the reference, in the page's language; none for an unknown one.
    const receipt = await fetch(`${portal.baseUrl}${PATHS.receipt}?tid=${id}&lang=yo`);
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await receipt.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain(`(${id})`);
    expect((await fetch(`${portal.baseUrl}${PATHS.receipt}?tid=TXNOSUCH`)).status).toBe(404);
  });

  it('refuses the same recharge for the same number inside the window until the payer says "buy again"', async () => {
    // 321 was bought just now (the test above): a second 321 is refused with the earlier payment named.
    const again = await initiate(321, {}, { 'accept-language': 'pcm' });
    expect(again.status).toBe(409);
    expect(again.body.statusCode).toBe('DUPLICATE_PURCHASE');
    const earlier = (again.body.result as unknown as { earlier: { reference: string; createdAt: string } })
      .earlier;
    expect(earlier.reference).toMatch(/^…[A-Z0-9]{6}$/);
    expect(Date.now() - Date.parse(earlier.createdAt)).toBeLessThan(10 * 60_000);
    expect(again.body.message).toContain('Choose "Buy again"');
    expect(again.body.message).toContain(earlier.reference);

    // Another amount, or another number, is another purchase.
    expect((await initiate(322)).status).toBe(200);
    // The explicit answer lets it through, and the language comes from Accept-Language without a body field.
    const confirmed = await initiate(321, { confirmDuplicate: true }, { 'accept-language': 'ha' });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const row = await portal.db.sql.query<{ language: string }>(
      'select language from transactions where id = $1',
      [confirmed.body.result.transactionId],
    );
    expect(row.rows[0]?.language).toBe('ha');
  });

  it("says nothing of an earlier payment to a payment without the payer's proof (PIN wallet, airtime)", async () => {
    // 321 was bought just now: with the proof this would be the paying-twice question, naming that payment.
    const pin = { paymentMode: 'NAIJA_MONEY', paymentGateway: '', paymentMobile: `0${NUMBER}` };
    for (const [path, extra] of [
      [PATHS.authInitiate, pin],
      [PATHS.initiate, { paymentMode: 'AIR_TIME', paymentGateway: '', paymentMobile: '08021000004' }],
    ] as const) {
      const refused = await portal.request<Envelope<unknown>>(
        'POST',
        path,
        { ...cardRecharge(321, NUMBER), ...extra },
        { 'idempotency-key': `paying-twice-${Date.now()}-${++keys}` },
      );
      expect(refused.status, JSON.stringify(refused.body)).toBe(401);
      expect(JSON.stringify(refused.body)).not.toContain('earlier');
    }
  });

  const send = <T = unknown>(body: Record<string, unknown>) =>
    portal.request<Envelope<T>>('POST', PATHS.initiate, body, {
      'idempotency-key': `paying-twice-${Date.now()}-${++keys}`,
    });

  /** A card payment taken to the gateway's checkout page (PENDING: it may still be paid there). */
  async function startedAtCheckout(body: Record<string, unknown>) {
    const started = await send<{ transactionId: string }>(body);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const transactionId = started.body.result.transactionId;
    const processed = await portal.request<Envelope<{ redirectUrl: string }>>('POST', PATHS.process, {
      transactionId,
      paymentMode: 'PAYMENT_GATEWAY',
      paymentGateway: 'paystack',
    });
    expect(processed.status, JSON.stringify(processed.body)).toBe(200);
    const state = await portal.db.sql.query<{ state: string }>(
      'select state from transactions where id = $1',
      [transactionId],
    );
    expect(state.rows[0]?.state).toBe('PENDING');
    return transactionId;
  }
  const card = { paymentMode: 'PAYMENT_GATEWAY', paymentGateway: 'paystack', emailId: 'ada@example.com' };

  it('asks about the same invoice again, not about another invoice of the same account for the same amount', async () => {
    // PA0000000001 (of 8021000001) owes NGN 25,000 on INV0000000101 and on INV0000000102.
    const bill = (invoiceNumber: string) => ({
      ...card,
      transactionType: 'POSTPAID_BILL',
      amount: 25_000,
      mobileNumber: NUMBER,
      accountId: 'PA0000000001',
      invoiceNumber,
    });
    await startedAtCheckout(bill('INV0000000102'));
    const other = await send(bill('INV0000000101'));
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    const same = await send(bill('INV0000000102'));
    expect(same.status).toBe(409);
    expect(same.body.statusCode).toBe('DUPLICATE_PURCHASE');
  });

  it('asks about the same bundle again, not about another bundle at the same price', async () => {
    const bundle = (productCode: string) => ({
      ...card,
      transactionType: 'PREPAID_BUNDLES',
      amount: 500,
      mobileNumber: NUMBER,
      productCode,
    });
    await startedAtCheckout(bundle('DATA_D_1GB'));
    expect((await send(bundle('COMBO_W_500'))).status).toBe(200);
    expect((await send(bundle('DATA_D_1GB'))).status).toBe(409);
  });

  it('compares a purchase as it is recorded: a MiFi plan sent as a bundle is the broadband recharge it became', async () => {
    const plan = {
      ...card,
      transactionType: 'PREPAID_BUNDLES',
      amount: 2500,
      mobileNumber: '9021000005',
      productCode: 'MIFI_WEEKLY_5GB',
    };
    await startedAtCheckout(plan);
    const again = await send(plan);
    expect(again.status, JSON.stringify(again.body)).toBe(409);
    expect(again.body.statusCode).toBe('DUPLICATE_PURCHASE');
  });

  /** An earlier payment of `state`, written as the store writes it. */
  async function earlier(state: string, overrides: Partial<NewTransaction>) {
    const id = newTransactionId();
    await createPaymentStore(portal.db.orm).insertOnce({
      id,
      idempotencyKey: `paying-twice-earlier-${id}`,
      requestHash: 'h',
      state,
      transactionType: 'PREPAID_RECHARGE',
      paymentMode: 'PAYMENT_GATEWAY',
      paymentGateway: 'paystack',
      msisdn: '2348021000001',
      amountKobo: 0,
      currency: 'NGN',
      meta: {},
      ...overrides,
    });
    return id;
  }

  it("asks about the same account's bill again, not about another account's bill of the number for the same amount", async () => {
    // 8021000002's postpaid account is 1000000002 (the core names it when the payer does not).
    const postpaid = { msisdn: '2348021000002', transactionType: 'POSTPAID_BILL' };
    await earlier('PAID', { ...postpaid, amountKobo: 61_000, accountId: '1000000099' });
    await earlier('PAID', { ...postpaid, amountKobo: 62_000, accountId: '1000000002' });
    const bill = (amount: number) => ({
      ...card,
      transactionType: 'POSTPAID_BILL',
      amount,
      mobileNumber: '8021000002',
      accountId: '',
    });
    const other = await send(bill(610));
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    const same = await send(bill(620));
    expect(same.status).toBe(409);
    expect(same.body.statusCode).toBe('DUPLICATE_PURCHASE');
  });

  it('counts only a purchase paid or under way: not one never started, nor one that ended without money', async () => {
    // A recharge of 8021000004 for each state, each its own amount. A checkout abandoned on the gateway's page
    // is PENDING (it may still be paid there) until the gateway says it was abandoned (CANCELLED) or it expires.
    const asked: Record<string, boolean> = {
      CREATED: false,
      STARTING: true,
      PENDING: true,
      PAID: true,
      FULFILLED: true,
      REFUND_PENDING: false,
      REFUNDED: false,
      FAILED: false,
      CANCELLED: false,
      EXPIRED: false,
    };
    const answers: Record<string, boolean> = {};
    const completed: Record<string, boolean> = {};
    let amount = 700;
    for (const state of Object.keys(asked)) {
      amount += 1;
      await earlier(state, { msisdn: '2348021000004', amountKobo: amount * 100 });
      const again = await send({ ...cardRecharge(amount, '8021000004') });
      expect([200, 409], JSON.stringify(again.body)).toContain(again.status);
      answers[state] = again.status === 409;
      const named = (again.body.result as { earlier?: { completed?: boolean } } | null)?.earlier;
      if (named) completed[state] = named.completed === true;
    }
    expect(answers).toEqual(asked);
    // The question says whether the earlier one was delivered or may still be on its way.
    expect(completed).toEqual({ STARTING: false, PENDING: false, PAID: false, FULFILLED: true });
  });
});
