import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { startTestPortal, type TestPortal } from '../../test/harness.js';
import { DECLINE_CARD, payOnCheckout, SUCCESS_CARD } from '../../test/sandbox-client.js';
import { tempDirs } from '../../test/temp-dirs.js';
import { createDpo, dpoAmount, mapDpoResult, parseDpoAmount, readDpoAnswer } from './dpo.js';
import type { ChargeRequest } from './provider.js';

const CALLBACK_PATH = '/api/portal-service/transaction/v1/pg-callback/status/ORP/dpo';

let counter = 0;
function charge(overrides: Partial<ChargeRequest> = {}): ChargeRequest {
  counter += 1;
  return {
    reference: `TXDPO${Date.now()}${counter}`,
    amountKobo: 45000,
    currency: 'NGN',
    email: 'ada@example.com',
    msisdn: '2348021000001',
    callbackUrl: `http://portal.test${CALLBACK_PATH}`,
    notifyUrl: 'http://portal.test/hook',
    description: 'Airtime recharge',
    ...overrides,
  };
}

/**
 * The adapter against the DPO simulator over real HTTP: the sandbox mounted in a test portal, reached at the
 * URL the portal itself would use.
 */
describe('DPO adapter against the sandbox', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal('pglite');
  });
  afterAll(async () => {
    await portal?.close();
  });
  afterEach(async () => {
    await portal.request('DELETE', '/sandbox/faults');
  });

  const adapter = (overrides: { companyToken?: string; timeoutMs?: number } = {}) =>
    createDpo({
      baseUrl: () => portal.config.upstream.dpo,
      companyToken: overrides.companyToken ?? portal.config.secrets.dpoCompanyToken,
      serviceType: '3854',
      timeoutMs: overrides.timeoutMs ?? 3000,
    });
  const context = (reference: string, amountKobo = 45000) => ({
    reference,
    msisdn: '2348021000001',
    amountKobo,
    currency: 'NGN',
  });

  it('start: createToken, then the hosted page payv2.php?ID=<TransToken>; the token is the reference', async () => {
    const request = charge();
    const start = await adapter().start(request);
    expect(start.kind).toBe('redirect');
    if (start.kind !== 'redirect') return;
    expect(start.providerReference).toMatch(/^[0-9A-F-]{36}$/);
    expect(start.redirectUrl).toBe(
      `${portal.baseUrl}/sandbox/dpo/payv2.php?ID=${encodeURIComponent(start.providerReference)}`,
    );
    expect(start.accessCode).toBeUndefined();
    const page = await fetch(start.redirectUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Pay NGN 450.00');

    expect(await adapter().verify(context(start.providerReference))).toEqual({
      status: 'PENDING',
      reference: start.providerReference,
      amountKobo: 45000,
      currency: 'NGN',
      reason: 'Transaction not paid yet',
    });
  });

  it('a paid token verifies PAID with its amount in kobo; the browser returns with our reference', async () => {
    const request = charge({ amountKobo: 123456 });
    const start = await adapter().start(request);
    if (start.kind !== 'redirect') throw new Error('expected a redirect');
    const back = new URL(await payOnCheckout(start.redirectUrl, SUCCESS_CARD));
    expect(back.pathname).toBe(CALLBACK_PATH);
    expect(back.searchParams.get('reference')).toBe(request.reference);
    expect(back.searchParams.get('PnrID')).toBe(request.reference);
    expect(back.searchParams.get('TransactionToken')).toBe(start.providerReference);
    expect(back.searchParams.get('status')).toBeNull();
    expect(await adapter().verify(context(start.providerReference, 123456))).toEqual({
      status: 'PAID',
      reference: start.providerReference,
      amountKobo: 123456,
      currency: 'NGN',
      reason: 'Transaction Paid',
      // DPO's CustomerCredit: the card's last four digits.
      cardLast4: '4081',
    });
  });

  it('a declined card verifies FAILED with DPO words; a cancel returns to BackURL and verifies CANCELLED', async () => {
    const declined = await adapter().start(charge());
    if (declined.kind !== 'redirect') throw new Error('expected a redirect');
    await payOnCheckout(declined.redirectUrl, DECLINE_CARD);
    expect(await adapter().verify(context(declined.providerReference))).toMatchObject({
      status: 'FAILED',
      reason: 'Transaction Declined',
    });

    const request = charge();
    const cancelled = await adapter().start(request);
    if (cancelled.kind !== 'redirect') throw new Error('expected a redirect');
    const answer = await fetch(cancelled.redirectUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=cancel',
    });
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get('location')!);
    expect(back.pathname).toBe(CALLBACK_PATH);
    expect(back.searchParams.get('reference')).toBe(request.reference);
    expect(back.searchParams.get('status')).toBe('CANCELLED');
    expect(await adapter().verify(context(cancelled.providerReference))).toMatchObject({
      status: 'CANCELLED',
    });
  });

  it('refund: refundToken for the amount; a second refund of the same payment counts as done', async () => {
    const start = await adapter().start(charge({ amountKobo: 70000 }));
    if (start.kind !== 'redirect') throw new Error('expected a redirect');
    await expect(adapter().refund(context(start.providerReference, 70000))).rejects.toMatchObject({
      kind: 'final',
      operation: 'refund',
      message: expect.stringContaining('not paid'),
    });
    await payOnCheckout(start.redirectUrl, SUCCESS_CARD);
    await expect(adapter().refund(context(start.providerReference, 70000))).resolves.toBeUndefined();
    await expect(adapter().refund(context(start.providerReference, 70000))).resolves.toBeUndefined();
  });

  it('a wrong company token, or a currency DPO does not take, is a final refusal', async () => {
    const wrong = adapter({ companyToken: '00000000-0000-0000-0000-000000000000' });
    await expect(wrong.start(charge())).rejects.toMatchObject({
      kind: 'final',
      message: 'dpo createToken: 802 Company token does not exist',
    });
    // A refusal to answer a status query says nothing about the money.
    await expect(wrong.verify(context('00000000-0000-0000-0000-000000000001'))).rejects.toMatchObject({
      kind: 'indeterminate',
    });
    await expect(adapter().start(charge({ currency: 'EUR' }))).rejects.toMatchObject({
      kind: 'final',
      message: 'dpo createToken: 904 Currency not supported',
    });
    expect(adapter().currencies).toEqual(['NGN', 'USD', 'KES', 'GHS', 'ZAR', 'TZS', 'UGX', 'ZMW', 'XOF']);
  });

  it('an unknown token is not a payment state: an error to retry, never FAILED', async () => {
    await expect(adapter().verify(context('00000000-0000-0000-0000-000000000002'))).rejects.toMatchObject({
      kind: 'indeterminate',
      message: expect.stringContaining('902'),
    });
  });

  it('5xx and timeouts are never a failure: indeterminate for a start or refund, retried for a query', async () => {
    await portal.request('PATCH', '/sandbox/faults', { card: { failNext5xx: 1 } });
    await expect(adapter().start(charge())).rejects.toMatchObject({
      kind: 'indeterminate',
      operation: 'start',
    });

    const start = await adapter().start(charge());
    if (start.kind !== 'redirect') throw new Error('expected a redirect');
    await portal.request('PATCH', '/sandbox/faults', { card: { timeoutNext: 1, hangMs: 2000 } });
    await expect(adapter({ timeoutMs: 300 }).verify(context(start.providerReference))).rejects.toMatchObject({
      kind: 'retry',
      operation: 'verify',
    });
    await portal.request('PATCH', '/sandbox/faults', { card: { timeoutNext: 1, hangMs: 2000 } });
    await expect(adapter({ timeoutMs: 300 }).refund(context(start.providerReference))).rejects.toMatchObject({
      kind: 'indeterminate',
      operation: 'refund',
    });
  });

  it('escapes what it puts into the XML: a description cannot add elements', async () => {
    const start = await adapter().start(
      charge({ description: 'Data </ServiceDescription><ServiceType>1</ServiceType> & more' }),
    );
    if (start.kind !== 'redirect') throw new Error('expected a redirect');
    const page = await (await fetch(start.redirectUrl)).text();
    expect(page).toContain(
      'Data &lt;/ServiceDescription&gt;&lt;ServiceType&gt;1&lt;/ServiceType&gt; &amp; more',
    );
  });

  it('has no webhooks: every notification is refused', () => {
    const body = '<API3G><Result>000</Result></API3G>';
    expect(adapter().parseWebhook(body, { 'content-type': 'application/xml' })).toBeUndefined();
  });
});

describe('DPO adapter, the exact request and odd answers', () => {
  const received: { contentType: string | undefined; body: string }[] = [];
  let reply = '';
  let baseUrl = '';
  const fake = Fastify();

  beforeAll(async () => {
    fake.addContentTypeParser('application/xml', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    fake.post('/API/v6/', async (request, res) => {
      received.push({ contentType: request.headers['content-type'], body: String(request.body) });
      return res.type('application/xml').send(reply);
    });
    baseUrl = await fake.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await fake.close();
  });

  const adapter = () =>
    createDpo({
      baseUrl: () => baseUrl,
      companyToken: 'COMPANY-TOKEN',
      serviceType: '5525',
      timeoutMs: 2000,
      now: () => new Date(Date.UTC(2026, 0, 5, 7, 9)),
    });

  it('createToken as DPO documents it: amount with two decimals, RedirectURL back to the portal, BackURL cancelling', async () => {
    reply =
      '<?xml version="1.0" encoding="utf-8"?><API3G><Result>000</Result><ResultExplanation>Transaction created</ResultExplanation><TransToken>ABCDEF12-0000-4000-8000-000000000001</TransToken><TransRef>R123456789</TransRef></API3G>';
    const start = await adapter().start(charge({ reference: 'TX42', amountKobo: 45005 }));
    expect(start).toEqual({
      kind: 'redirect',
      providerReference: 'ABCDEF12-0000-4000-8000-000000000001',
      redirectUrl: `${baseUrl}/payv2.php?ID=ABCDEF12-0000-4000-8000-000000000001`,
    });
    const sent = received.at(-1)!;
    expect(sent.contentType).toBe('application/xml; charset=utf-8');
    expect(sent.body).toBe(
      '<?xml version="1.0" encoding="utf-8"?>\n<API3G><CompanyToken>COMPANY-TOKEN</CompanyToken><Request>createToken</Request>' +
        '<Transaction><PaymentAmount>450.05</PaymentAmount><PaymentCurrency>NGN</PaymentCurrency>' +
        '<CompanyRef>TX42</CompanyRef><CompanyRefUnique>1</CompanyRefUnique>' +
        `<RedirectURL>http://portal.test${CALLBACK_PATH}?reference=TX42</RedirectURL>` +
        `<BackURL>http://portal.test${CALLBACK_PATH}?reference=TX42&amp;status=CANCELLED</BackURL>` +
        '<PTL>1</PTL><customerEmail>ada@example.com</customerEmail></Transaction>' +
        '<Services><Service><ServiceType>5525</ServiceType><ServiceDescription>Airtime recharge</ServiceDescription>' +
        '<ServiceDate>2026/01/05 07:09</ServiceDate></Service></Services></API3G>',
    );
  });

  it('leaves customerEmail out when there is none', async () => {
    reply =
      '<API3G><Result>000</Result><ResultExplanation>Transaction created</ResultExplanation><TransToken>ABCDEF12-0000-4000-8000-000000000002</TransToken></API3G>';
    await adapter().start(charge({ email: '' }));
    expect(received.at(-1)!.body).not.toContain('customerEmail');
  });

  it('verifyToken sends the token; an answer with blocks inside is still read', async () => {
    reply = `<?xml version="1.0" encoding="utf-8"?>
<API3G>
  <Result>000</Result>
  <ResultExplanation>Transaction Paid</ResultExplanation>
  <CustomerName>Ada &amp; Co</CustomerName>
  <TransactionApproval>123456</TransactionApproval>
  <TransactionCurrency>ngn</TransactionCurrency>
  <TransactionAmount>450.00</TransactionAmount>
  <Allocations><Allocation><AllocationCode>x</AllocationCode></Allocation></Allocations>
  <FraudAlert/>
</API3G>`;
    const v = await adapter().verify({
      reference: 'TOKEN-1',
      msisdn: '',
      amountKobo: 45000,
      currency: 'NGN',
    });
    expect(received.at(-1)!.body).toContain(
      '<Request>verifyToken</Request><TransactionToken>TOKEN-1</TransactionToken>',
    );
    expect(v).toEqual({
      status: 'PAID',
      reference: 'TOKEN-1',
      amountKobo: 45000,
      currency: 'NGN',
      reason: 'Transaction Paid',
    });
  });

  it('refundToken sends the token, the amount in decimals and details', async () => {
    reply = '<API3G><Result>000</Result><ResultExplanation>Refund successful</ResultExplanation></API3G>';
    await adapter().refund({ reference: 'TOKEN-2', msisdn: '', amountKobo: 100, currency: 'NGN' });
    expect(received.at(-1)!.body).toContain(
      '<Request>refundToken</Request><TransactionToken>TOKEN-2</TransactionToken><refundAmount>1.00</refundAmount><refundDetails>',
    );
  });

  it('an answer it cannot read, or paid without an amount, is no answer: asked again', async () => {
    for (const garbled of [
      '',
      'OK',
      '<html><body>Maintenance</body></html>',
      '<API3G><Result>000</Result>',
      '<API3G><ResultExplanation>no code</ResultExplanation></API3G>',
      '<API3G><Result>000</Result><Result>901</Result></API3G>',
    ]) {
      reply = garbled;
      await expect(
        adapter().verify({ reference: 'T', msisdn: '', amountKobo: 1, currency: 'NGN' }),
        garbled,
      ).rejects.toMatchObject({ kind: 'retry' });
    }
    reply = '<API3G><Result>000</Result><TransactionAmount>4,500.00</TransactionAmount></API3G>';
    await expect(
      adapter().verify({ reference: 'T', msisdn: '', amountKobo: 1, currency: 'NGN' }),
    ).rejects.toMatchObject({ kind: 'retry' });
    // An unreadable start may have created something at DPO: not a refusal.
    reply = '<html>Maintenance</html>';
    await expect(adapter().start(charge())).rejects.toMatchObject({ kind: 'indeterminate' });
    // "Created", without a token: nobody can ever pay it.
    reply = '<API3G><Result>000</Result><ResultExplanation>Transaction created</ResultExplanation></API3G>';
    await expect(adapter().start(charge())).rejects.toMatchObject({ kind: 'final' });
  });
});

describe('DPO codes, amounts and XML', () => {
  it('maps every verifyToken result in one place', () => {
    expect(mapDpoResult('000')).toBe('PAID');
    expect(mapDpoResult('901')).toBe('FAILED');
    expect(mapDpoResult('904')).toBe('CANCELLED');
    expect(mapDpoResult('903')).toBe('CANCELLED');
    expect(mapDpoResult('900')).toBe('PENDING');
    expect(mapDpoResult('001')).toBe('PENDING');
    expect(mapDpoResult('002')).toBe('PENDING');
    for (const code of ['801', '802', '803', '804', '902', '950', '951', '999']) {
      expect(mapDpoResult(code), code).toBeUndefined();
    }
  });

  it('converts kobo and DPO decimals exactly', () => {
    expect(dpoAmount(45000)).toBe('450.00');
    expect(dpoAmount(5)).toBe('0.05');
    expect(dpoAmount(1_000_000_001)).toBe('10000000.01');
    expect(parseDpoAmount('450.00')).toBe(45000);
    expect(parseDpoAmount('450.5')).toBe(45050);
    expect(parseDpoAmount('450')).toBe(45000);
    expect(parseDpoAmount('0.07')).toBe(7);
    for (const bad of ['', '4.505', '-1', '1e3', ' 4', '4,50', undefined]) {
      expect(parseDpoAmount(bad), String(bad)).toBeUndefined();
    }
  });

  it('reads answers strictly', () => {
    expect(
      readDpoAnswer(
        '\uFEFF<?xml version="1.0"?><!-- c --><API3G><Result>000</Result><Note><![CDATA[a<b]]></Note><X>&#65;&#x42;&lt;&apos;</X></API3G>',
      ),
    ).toEqual({ Result: '000', Note: 'a<b', X: "AB<'" });
    for (const bad of [
      '<!DOCTYPE API3G [<!ENTITY e "x">]><API3G><Result>&e;</Result></API3G>',
      '<API3G><Result>000</result></API3G>',
      '<API3G><Result>a & b</Result></API3G>',
      '<API3G><Result>000</Result></API3G><API3G/>',
      '<Other><Result>000</Result></Other>',
      '<API3G><Result>&nope;</Result></API3G>',
    ]) {
      expect(() => readDpoAnswer(bad), bad).toThrow();
    }
  });
});

describe('DPO configuration', () => {
  const dataDir = tempDirs('portal-dpo-config-');

  it('sandbox mode points at the simulator and generates a company token once', () => {
    const dir = dataDir();
    const a = loadConfig({ DATA_DIR: dir });
    expect(a.upstream.dpo).toBe('http://127.0.0.1:8080/sandbox/dpo');
    expect(a.secrets.dpoCompanyToken).toMatch(/^[0-9A-F-]{36}$/);
    expect(loadConfig({ DATA_DIR: dir }).secrets.dpoCompanyToken).toBe(a.secrets.dpoCompanyToken);
    expect(a.dpoServiceType).toBe('3854');
    const set = loadConfig({
      DATA_DIR: dir,
      DPO_URL: 'https://secure.3gdirectpay.com/',
      DPO_COMPANY_TOKEN: 'MY-COMPANY-TOKEN',
      DPO_SERVICE_TYPE: '5525',
    });
    expect(set.upstream.dpo).toBe('https://secure.3gdirectpay.com');
    expect(set.secrets.dpoCompanyToken).toBe('MY-COMPANY-TOKEN');
    expect(set.dpoServiceType).toBe('5525');
  });

  it('adds a company token to a secrets file from before DPO, keeping every other secret', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const file = path.join(dir, 'secrets.json');
    const old = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    delete old['dpoCompanyToken'];
    writeFileSync(file, JSON.stringify(old));
    const upgraded = loadConfig({ DATA_DIR: dir });
    expect(upgraded.secrets.dpoCompanyToken).toMatch(/^[0-9A-F-]{36}$/);
    expect(upgraded.secrets.tokenSigningKey).toBe(first.secrets.tokenSigningKey);
    expect(upgraded.secrets.pinPrivateKeyPem).toBe(first.secrets.pinPrivateKeyPem);
    expect(loadConfig({ DATA_DIR: dir }).secrets.dpoCompanyToken).toBe(upgraded.secrets.dpoCompanyToken);
  });

  it('production mode requires DPO_URL, DPO_COMPANY_TOKEN and DPO_SERVICE_TYPE', () => {
    try {
      loadConfig({ PORTAL_MODE: 'production', DATA_DIR: dataDir() });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      for (const key of ['DPO_URL', 'DPO_COMPANY_TOKEN', 'DPO_SERVICE_TYPE']) {
        expect(problems.some((p) => p.startsWith(`${key}:`))).toBe(true);
      }
    }
  });
});
