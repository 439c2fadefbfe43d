import {
  PATHS,
  type ConfigData,
  type Envelope,
  type PaymentOption,
  type TransactionStatusResult,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestPortal, testDatabases, type TestPortal } from './test/harness.js';
import { fakeWebBuilds } from './test/web-build.js';
import { coreView } from './test/sandbox-client.js';

type Prompt = { id: string; reference: string; amount: number; currency: string };

const fakeWebBuild = fakeWebBuilds();

describe.each(testDatabases())('a deployment for the second market, CD (%s)', (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    const build = fakeWebBuild();
    portal = await startTestPortal(kind, {
      env: { MARKET: 'CD', SERVE_WEB: 'true', WEB_DIST_DIR: build.dist, WEB_RENDER_DIR: build.render },
    });
  });
  afterAll(async () => {
    await portal?.close();
  });

  const options = async (amount: number, transactionType = 'PREPAID_RECHARGE') => {
    const res = await portal.request<Envelope<{ paymentOption: PaymentOption[] }>>(
      'POST',
      PATHS.paymentOptions,
      { amount, mobileNumber: '8021000001', subscriberType: 'PREPAID', transactionType },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.result.paymentOption.map((o) => o.type);
  };

  const initiate = (body: Record<string, unknown>) =>
    portal.request<Envelope<{ transactionId: string } | null>>('POST', PATHS.initiate, {
      mobileNumber: '8021000001',
      transactionType: 'PREPAID_RECHARGE',
      paymentMobile: '08021000001',
      emailId: 'ada@example.com',
      currencyCode: 'CDF',
      ...body,
    });

  it('serves its own configuration, with dual currency on, when no market is named', async () => {
    const res = await portal.request<Envelope<{ configData: ConfigData }>>('GET', PATHS.config);
    expect(res.body.result.configData).toMatchObject({ currency: 'CDF', enableDualCurrency: true });
    const ng = await portal.request<Envelope<{ configData: ConfigData }>>('GET', `${PATHS.config}?code=NG`);
    expect(ng.body.result.configData).toMatchObject({ currency: 'NGN', enableDualCurrency: false });
  });

  it("renders every page with the market's own render bundle, writing the market into the page", async () => {
    for (const route of ['/', '/payment/status', '/sw/prepaid-recharge', '/index.html']) {
      const res = await fetch(`${portal.baseUrl}${route}`);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      expect(html, route).toContain('<meta name="portal-market" content="CD">');
      expect(html).not.toContain('content="NG"');
      // The bundle called the API in-process, which answered for CD.
      expect(html, route).toContain(`<p>CDF ${route}</p>`);
    }
  });

  it('serves content pages and FAQs under its own opco', async () => {
    const page = await portal.request('GET', `${PATHS.activePackage}?opco=CD&pageUrl=translation&lang=en`);
    expect(page.status).toBe(200);
    const faqs = await portal.request<Envelope<unknown[]>>('GET', `${PATHS.faqs}?opco=CD&lang=en`);
    expect(faqs.body.result.length).toBeGreaterThan(0);
  });

  it('under 1 USD (amount/100) offers only mobile money; the card is not offered for francs', async () => {
    expect(await options(99)).toEqual(['AM']);
    const above = await options(100);
    expect(above).toEqual(expect.arrayContaining(['AM', 'SMARTCASH', 'MPESA']));
    // Paystack's Currency list has no CDF.
    expect(above).not.toContain('PG');
  });

  it('initiate refuses what the payment page would not offer, and the wrong currency', async () => {
    const underOneUsd = await initiate({ amount: 60, paymentMode: 'MPESA', emailId: 'ada@example.com' });
    expect(underOneUsd.status).toBe(400);
    expect(underOneUsd.body.message).toBe('Under 1 USD only mobile money can be used.');

    const card = await initiate({
      amount: 500,
      paymentMode: 'PAYMENT_GATEWAY',
      paymentGateway: 'paystack',
      emailId: 'ada@example.com',
    });
    expect(card.body.message).toBe('This payment method does not take CDF.');

    const naira = await initiate({
      amount: 500,
      paymentMode: 'MPESA',
      currencyCode: 'NGN',
      emailId: 'ada@example.com',
    });
    expect(naira.status).toBe(400);
    expect(naira.body.message).toBe('This purchase is paid in CDF.');
  });

  it('a mobile-money push payment of CDF 60 (USD 0.60) is charged in francs and credited once', async () => {
    const before = (await coreView(portal, '8021000001')).airtimeBalance;
    const initiated = await initiate({ amount: 60, paymentMode: 'NAIJA_MONEY_PUSH' });
    expect(initiated.status, JSON.stringify(initiated.body)).toBe(200);
    const transactionId = initiated.body.result!.transactionId;
    await portal.request('POST', PATHS.process, { transactionId, paymentMode: 'NAIJA_MONEY_PUSH' });
    const prompt = await eventually(async () => {
      const prompts = (await portal.request<Prompt[]>('GET', '/sandbox/phone/8021000001/prompts')).body;
      return prompts.find((p) => p.reference === transactionId);
    });
    expect(prompt).toMatchObject({ amount: 60, currency: 'CDF' });
    await portal.request('POST', `/sandbox/phone/8021000001/prompts/${prompt.id}/approve`, { pin: '1234' });
    const final = await eventually(async () => {
      const s = (
        await portal.request<Envelope<TransactionStatusResult>>('GET', `${PATHS.status}?tid=${transactionId}`)
      ).body.result;
      return s.status === 'SUCCESS' || s.status === 'FAILED' ? s : undefined;
    }, 20_000);
    expect(final).toMatchObject({ status: 'SUCCESS', currencyCode: 'CDF' });
    expect((await coreView(portal, '8021000001')).airtimeBalance).toBe(before + 60);
    const sms = await eventually(async () => {
      const inbox = (await portal.request<{ text: string }[]>('GET', '/sandbox/sms?to=8021000001')).body;
      return inbox.find((m) => m.text.includes(transactionId));
    });
    expect(sms.text).toMatch(/^Naija Mobile RDC: your airtime recharge of CDF\s60\.00 was successful\./u);
  });
});

describe('choosing a market', () => {
  it('a market without a configuration file stops the start with the files it has', async () => {
    await expect(startTestPortal('pglite', { env: { MARKET: 'XX' } })).rejects.toThrow(
      /MARKET=XX has no configuration file content\/config\/XX.json \(have: CD, NG\)/,
    );
  });

  it('a market code that is not two capital letters is a configuration error', async () => {
    await expect(startTestPortal('pglite', { env: { MARKET: 'nigeria' } })).rejects.toThrow(
      /MARKET: two capital letters/,
    );
  });
});
