import { describe, expect, it } from 'vitest';
import { parseXml } from './dpo.js';
import { resetSandbox } from './index.js';
import { DPO_COMPANY_TOKEN, sandboxPerTestFile, type TestSandbox } from './test-support.js';

let sb: TestSandbox;
sandboxPerTestFile((started) => (sb = started));

const API = '/sandbox/dpo/API/v6/';
const REDIRECT =
  'http://portal.test/api/portal-service/transaction/v1/pg-callback/status/ORP/dpo?reference=TX';
const GOOD_CARD = { cardNumber: '4084 0840 8408 4081', expiry: '12/39', cvv: '408' };
const DECLINED_CARD = { cardNumber: '4000 0000 0000 0002', expiry: '01/38', cvv: '123' };

let counter = 0;
function newRef() {
  counter += 1;
  return `TX-${Date.now()}-${counter}`;
}

const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Posts an API v6 document and reads the answer's fields. */
/** Sets the sandbox's fault switches through its HTTP interface. */
const setFaults = (faults: Record<string, unknown>) =>
  sb.app.inject({ method: 'PATCH', url: '/sandbox/faults', payload: faults });

/** A createToken call's HTTP answer itself, for the fault tests that look at its status and type. */
const createTokenAnswer = () =>
  sb.app.inject({
    method: 'POST',
    url: API,
    headers: { 'content-type': 'application/xml' },
    payload: `<API3G><CompanyToken>${DPO_COMPANY_TOKEN}</CompanyToken>${createTokenXml()}</API3G>`,
  });

async function api(inner: string, token: string | null = DPO_COMPANY_TOKEN, contentType = 'application/xml') {
  const res = await sb.app.inject({
    method: 'POST',
    url: API,
    headers: { 'content-type': contentType },
    payload: `<?xml version="1.0" encoding="utf-8"?>
<API3G>
  ${token === null ? '' : `<CompanyToken>${esc(token)}</CompanyToken>`}
  ${inner}
</API3G>`,
  });
  const root = parseXml(res.body);
  const fields = Object.fromEntries(root.children.map((c) => [c.name, c.text]));
  return { status: res.statusCode, contentType: res.headers['content-type'], root, fields };
}

function createTokenXml(overrides: Record<string, string | undefined> = {}, services?: string) {
  const transaction: Record<string, string | undefined> = {
    PaymentAmount: '450.00',
    PaymentCurrency: 'NGN',
    CompanyRef: newRef(),
    RedirectURL: REDIRECT,
    BackURL: `${REDIRECT}&status=CANCELLED`,
    CompanyRefUnique: '1',
    PTL: '1',
    customerEmail: 'ada@example.com',
    ...overrides,
  };
  const fields = Object.entries(transaction)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `<${k}>${esc(v!)}</${k}>`)
    .join('');
  return `<Request>createToken</Request>
  <Transaction>${fields}</Transaction>
  ${
    services ??
    `<Services><Service><ServiceType>3854</ServiceType><ServiceDescription>Airtime &amp; data</ServiceDescription><ServiceDate>2026/01/15 10:30</ServiceDate></Service></Services>`
  }`;
}

async function createToken(overrides: Record<string, string | undefined> = {}) {
  const answer = await api(createTokenXml(overrides));
  expect(answer.fields.Result, JSON.stringify(answer.fields)).toBe('000');
  return { token: answer.fields.TransToken!, transRef: answer.fields.TransRef!, fields: answer.fields };
}

const verify = (token: string) =>
  api(`<Request>verifyToken</Request><TransactionToken>${esc(token)}</TransactionToken>`);

const page = (token: string) =>
  sb.app.inject({ method: 'GET', url: `/sandbox/dpo/payv2.php?ID=${encodeURIComponent(token)}` });

const submit = (token: string, form: Record<string, string>) =>
  sb.app.inject({
    method: 'POST',
    url: `/sandbox/dpo/payv2.php?ID=${encodeURIComponent(token)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

describe('DPO API v6', () => {
  it('createToken answers 000 with a TransToken and TransRef, in XML', async () => {
    const answer = await api(createTokenXml({ CompanyRef: 'TX-1' }));
    expect(answer.status).toBe(200);
    expect(answer.contentType).toContain('application/xml');
    expect(answer.root.name).toBe('API3G');
    expect(answer.fields).toMatchObject({ Result: '000', ResultExplanation: 'Transaction created' });
    expect(answer.fields.TransToken).toMatch(
      /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/,
    );
    expect(answer.fields.TransRef).toMatch(/^R\d{9}$/);
  });

  it('accepts text/xml too, and the currency in any case', async () => {
    const answer = await api(createTokenXml({ PaymentCurrency: 'kes' }), DPO_COMPANY_TOKEN, 'text/xml');
    expect(answer.fields.Result).toBe('000');
    const v = await verify(answer.fields.TransToken!);
    expect(v.fields.TransactionCurrency).toBe('KES');
  });

  it('verifyToken: 900 until paid, with amount, currency and CompanyRef; by CompanyRef too', async () => {
    const ref = newRef();
    const { token } = await createToken({ CompanyRef: ref, PaymentAmount: '1234.5' });
    const v = await verify(token);
    expect(v.fields).toMatchObject({
      Result: '900',
      ResultExplanation: 'Transaction not paid yet',
      TransactionAmount: '1234.50',
      TransactionCurrency: 'NGN',
      CompanyRef: ref,
    });
    const byRef = await api(`<Request>verifyToken</Request><CompanyRef>${ref}</CompanyRef>`);
    expect(byRef.fields.Result).toBe('900');
    const none = await api('<Request>verifyToken</Request>');
    expect(none.fields.Result).toBe('950');
    const unknown = await verify('00000000-0000-0000-0000-000000000000');
    expect(unknown.fields.Result).toBe('902');
  });

  it('refuses a missing or wrong company token, bad XML and an unknown request, in DPO codes', async () => {
    expect((await api(createTokenXml(), null)).fields).toMatchObject({
      Result: '801',
      ResultExplanation: 'Request missing company token',
    });
    expect((await api(createTokenXml(), 'A0000000-0000-0000-0000-000000000000')).fields.Result).toBe('802');
    expect((await api(createTokenXml(), `${DPO_COMPANY_TOKEN}X`)).fields.Result).toBe('802');
    expect((await api('<Request>chargeTokenMagic</Request>')).fields.Result).toBe('803');
    for (const payload of [
      '<API3G><CompanyToken>x</CompanyToken>',
      '<API3G><Request>createToken</Wrong></API3G>',
      '<Other/>',
      '<!DOCTYPE x [<!ENTITY a "b">]><API3G/>',
      '<API3G>&bogus;</API3G>',
      '<API3G/><API3G/>',
      '',
    ]) {
      const res = await sb.app.inject({
        method: 'POST',
        url: API,
        headers: { 'content-type': 'application/xml' },
        payload,
      });
      expect(res.statusCode, payload).toBe(200);
      expect(res.body, payload).toContain('<Result>804</Result>');
    }
  });

  it('refuses currencies it does not take, and malformed transaction fields', async () => {
    for (const currency of ['EUR', 'CDF', 'GBP']) {
      const answer = await api(createTokenXml({ PaymentCurrency: currency }));
      expect(answer.fields, currency).toMatchObject({
        Result: '904',
        ResultExplanation: 'Currency not supported',
      });
    }
    for (const currency of ['USD', 'GHS', 'ZAR', 'TZS', 'UGX', 'ZMW', 'XOF']) {
      expect((await api(createTokenXml({ PaymentCurrency: currency }))).fields.Result, currency).toBe('000');
    }
    expect((await api(createTokenXml({ PaymentAmount: '10.005' }))).fields.Result).toBe('902');
    expect((await api(createTokenXml({ PaymentAmount: '0.00' }))).fields.Result).toBe('902');
    expect((await api(createTokenXml({ PaymentAmount: '-5' }))).fields.Result).toBe('902');
    expect((await api(createTokenXml({ PaymentAmount: undefined }))).fields).toMatchObject({
      Result: '950',
      ResultExplanation: 'Request missing transaction level mandatory fields - PaymentAmount',
    });
    expect((await api(createTokenXml({ RedirectURL: 'javascript:alert(1)' }))).fields.Result).toBe('902');
    expect((await api(createTokenXml({}, '<Services></Services>'))).fields.Result).toBe('950');
    expect(
      (await api(createTokenXml({}, '<Services><Service><ServiceType>1</ServiceType></Service></Services>')))
        .fields.Result,
    ).toBe('950');
    const twice = await api(
      createTokenXml().replace('<Transaction>', '<Transaction><PaymentAmount>1.00</PaymentAmount>'),
    );
    expect(twice.fields.Result).toBe('960');
  });

  it('stores amounts as integer minor units', async () => {
    const { token } = await createToken({ PaymentAmount: '450' });
    const { rows } = await sb.db.query<{ amount_minor: unknown }>(
      'SELECT amount_minor FROM sandbox.dpo_transactions WHERE trans_token = $1',
      [token],
    );
    expect(Number(rows[0]!.amount_minor)).toBe(45000);
    expect((await verify(token)).fields.TransactionAmount).toBe('450.00');
  });

  it('refundToken: refunds a paid token once, in full or in parts, never more', async () => {
    const { token, transRef } = await createToken({ PaymentAmount: '100.00' });
    const refund = (amount: string, by = `<TransactionToken>${token}</TransactionToken>`) =>
      api(
        `<Request>refundToken</Request>${by}<refundAmount>${amount}</refundAmount><refundDetails>Not delivered</refundDetails>`,
      );
    expect((await refund('100.00')).fields).toMatchObject({
      Result: '999',
      ResultExplanation: 'Refund failed - the transaction was not paid',
    });
    await submit(token, GOOD_CARD);
    expect((await refund('30.00')).fields).toMatchObject({
      Result: '000',
      ResultExplanation: 'Refund successful',
    });
    expect((await refund('80.00')).fields.Result).toBe('999');
    expect((await refund('70.00', `<TransRef>${transRef}</TransRef>`)).fields.Result).toBe('000');
    expect((await refund('1.00')).fields).toMatchObject({
      Result: '999',
      ResultExplanation: 'Refund failed - the transaction is already fully refunded',
    });
    const missing = await api(
      `<Request>refundToken</Request><TransactionToken>${token}</TransactionToken><refundAmount>1.00</refundAmount>`,
    );
    expect(missing.fields.Result).toBe('950');
  });

  it('CompanyRefUnique=1: a reference already paid cannot get another token; an unpaid one can', async () => {
    const ref = newRef();
    const first = await createToken({ CompanyRef: ref });
    const retry = await createToken({ CompanyRef: ref });
    expect(retry.token).not.toBe(first.token);
    await submit(retry.token, GOOD_CARD);
    expect((await api(createTokenXml({ CompanyRef: ref }))).fields).toMatchObject({
      Result: '940',
      ResultExplanation: 'CompanyREF already exists and paid',
    });
    expect((await api(createTokenXml({ CompanyRef: ref, CompanyRefUnique: '0' }))).fields.Result).toBe('000');
  });

  it('a token past its payment time limit verifies 903 and can no longer be paid', async () => {
    const { token } = await createToken({ PTL: '2', PTLtype: 'minutes' });
    await sb.db.query(
      `UPDATE sandbox.dpo_transactions SET created_at = created_at - interval '3 minutes' WHERE trans_token = $1`,
      [token],
    );
    expect((await verify(token)).fields.Result).toBe('903');
    const paid = await submit(token, GOOD_CARD);
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('This payment link has expired');
    expect((await verify(token)).fields.Result).toBe('903');
  });

  it('the card faults apply to the DPO API as well, answered in its XML', async () => {
    await setFaults({ card: { failNext5xx: 1 } });
    const failed = await createTokenAnswer();
    expect(failed.statusCode).toBe(500);
    expect(failed.headers['content-type']).toContain('application/xml');
    expect(parseXml(failed.body).children.find((c) => c.name === 'Result')?.text).toBe('999');
    expect((await api(createTokenXml())).fields.Result).toBe('000');

    await setFaults({ card: { timeoutNext: 1, hangMs: 50 } });
    const hung = await createTokenAnswer();
    expect(hung.statusCode).toBe(504);
    // The payer's page is not the API: faults leave it alone.
    const { token } = await createToken();
    await setFaults({ card: { failNext5xx: 1 } });
    expect((await page(token)).statusCode).toBe(200);
    expect((await submit(token, GOOD_CARD)).statusCode).toBe(302);
  });

  it('a reset forgets every DPO transaction', async () => {
    const { token } = await createToken();
    await resetSandbox(sb.db);
    expect((await verify(token)).fields.Result).toBe('902');
    expect((await page(token)).statusCode).toBe(404);
  });
});

describe('DPO hosted payment page', () => {
  it('shows an accessible card form with the amount, escaping what the merchant sent', async () => {
    const { token } = await createToken({ PaymentAmount: '500.00', CompanyRef: 'TX-<b>"x"</b>' });
    const res = await page(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body;
    expect(html).toContain('<label for="card-number">Card number</label>');
    expect(html).toContain('<label for="card-expiry">Expiry (MM/YY)</label>');
    expect(html).toContain('<label for="card-cvv">CVV</label>');
    expect(html).toContain('Pay NGN 500.00</button>');
    expect(html).toContain('>Cancel</button>');
    expect(html).toContain('Airtime &amp; data');
    expect(html).toContain('TX-&lt;b&gt;&quot;x&quot;&lt;/b&gt;');
    expect(html).not.toContain('<b>"x"</b>');
    expect(html).not.toContain('<script');
    expect((await page('nope')).statusCode).toBe(404);
  });

  it('paying with the success card marks it paid and returns to RedirectURL with DPO parameters', async () => {
    const ref = newRef();
    const { token, transRef } = await createToken({ CompanyRef: ref });
    const res = await submit(token, GOOD_CARD);
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT.split('?')[0]);
    expect(location.searchParams.get('reference')).toBe('TX');
    expect(location.searchParams.get('TransID')).toBe(transRef);
    expect(location.searchParams.get('CCDapproval')).toMatch(/^\d{6}$/);
    expect(location.searchParams.get('PnrID')).toBe(ref);
    expect(location.searchParams.get('TransactionToken')).toBe(token);
    expect(location.searchParams.get('CompanyRef')).toBe(ref);
    expect(location.searchParams.get('status')).toBeNull();

    const v = await verify(token);
    expect(v.fields).toMatchObject({
      Result: '000',
      ResultExplanation: 'Transaction Paid',
      TransactionAmount: '450.00',
      TransactionCurrency: 'NGN',
      CustomerCredit: '4081',
      TransactionApproval: location.searchParams.get('CCDapproval'),
    });

    // A second submit (a double click, the back button) changes nothing.
    const again = await submit(token, DECLINED_CARD);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('Payment successful');
    expect((await verify(token)).fields.Result).toBe('000');
    expect((await page(token)).body).toContain('Payment successful');
  });

  it('the decline card marks it declined and still returns to RedirectURL', async () => {
    const { token } = await createToken();
    const res = await submit(token, DECLINED_CARD);
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(location.searchParams.get('TransactionToken')).toBe(token);
    expect(location.searchParams.get('CCDapproval')).toBe('');
    expect((await verify(token)).fields).toMatchObject({
      Result: '901',
      ResultExplanation: 'Transaction Declined',
    });
  });

  it('cancel marks it cancelled and returns to BackURL with status=CANCELLED', async () => {
    const ref = newRef();
    const { token } = await createToken({ CompanyRef: ref, BackURL: 'http://portal.test/back?keep=1' });
    const res = await submit(token, { action: 'cancel' });
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(location.pathname).toBe('/back');
    expect(location.searchParams.get('keep')).toBe('1');
    expect(location.searchParams.get('status')).toBe('CANCELLED');
    expect(location.searchParams.get('TransactionToken')).toBe(token);
    expect(location.searchParams.get('PnrID')).toBe(ref);
    expect((await verify(token)).fields).toMatchObject({
      Result: '904',
      ResultExplanation: 'Transaction cancelled',
    });
    expect((await submit(token, GOOD_CARD)).statusCode).toBe(200);
    expect((await verify(token)).fields.Result).toBe('904');
  });

  it('a bad card is a form error on the page, the transaction stays open', async () => {
    const { token } = await createToken();
    for (const card of [
      { ...GOOD_CARD, cardNumber: '1234 5678 9012 3456' },
      { ...GOOD_CARD, expiry: '01/20' },
      { ...GOOD_CARD, cvv: '999' },
    ]) {
      const res = await submit(token, card);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('role="alert"');
      expect(res.body).toContain('aria-invalid="true"');
    }
    expect((await verify(token)).fields.Result).toBe('900');
  });

  it('without a RedirectURL or BackURL the page itself says how it ended', async () => {
    const paid = await createToken({ RedirectURL: undefined, BackURL: undefined });
    const res = await submit(paid.token, GOOD_CARD);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Payment successful');
    const cancelled = await createToken({ RedirectURL: undefined, BackURL: undefined });
    const back = await submit(cancelled.token, { action: 'cancel' });
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain('Payment cancelled');
  });
});
