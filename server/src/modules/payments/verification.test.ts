import { PATHS, type Envelope, type TransactionStatusResult } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, whenQuiet, type TestPortal } from '../../test/harness.js';
import { coreView, payOnCheckout, SUCCESS_CARD } from '../../test/sandbox-client.js';
import { createPaystack } from '../../upstream/gateways/paystack.js';
import type { PaymentProvider, Verification } from '../../upstream/gateways/provider.js';

/**
 * A provider's answer that does not match what was initiated - another amount, another currency, another
 * reference - gives nothing, however "successful" it says the payment was.
 */
describe('value only for the reference, amount and currency that were initiated', () => {
  let portal: TestPortal;
  let tamper: (v: Verification) => Verification = (v) => v;

  beforeAll(async () => {
    let base = '';
    let secret = '';
    const real = () =>
      createPaystack({ baseUrl: () => `${base}/sandbox/paystack`, secretKey: secret, timeoutMs: 3000 });
    const tampering: PaymentProvider = {
      id: 'paystack',
      kind: 'card',
      start: (r) => real().start(r),
      verify: async (c) => tamper(await real().verify(c)),
      refund: (c) => real().refund(c),
      parseWebhook: (raw, headers) => real().parseWebhook(raw, headers),
    };
    portal = await startTestPortal('pglite', { ports: { providers: [tampering] } });
    base = portal.baseUrl;
    secret = portal.config.secrets.cardSecretKey;
  });
  afterAll(async () => {
    await portal?.close();
  });

  it.each([
    ['another amount', (v: Verification) => ({ ...v, amountKobo: v.amountKobo - 100 })],
    ['another currency', (v: Verification) => ({ ...v, currency: 'USD' })],
    ['another reference', (v: Verification) => ({ ...v, reference: `${v.reference}X` })],
  ])('%s: the payment stays unpaid and nothing is credited', async (_name, change) => {
    tamper = change;
    const before = (await coreView(portal, '8021000001')).airtimeBalance;
    const initiated = await portal.request<Envelope<{ transactionId: string }>>('POST', PATHS.initiate, {
      amount: 300,
      mobileNumber: '8021000001',
      transactionType: 'PREPAID_RECHARGE',
      paymentMode: 'PAYMENT_GATEWAY',
      paymentGateway: 'paystack',
      emailId: 'ada@example.com',
    });
    const transactionId = initiated.body.result.transactionId;
    const processed = await portal.request<Envelope<{ redirectUrl: string }>>('POST', PATHS.process, {
      transactionId,
      paymentMode: 'PAYMENT_GATEWAY',
      paymentGateway: 'paystack',
    });
    const callback = await payOnCheckout(processed.body.result.redirectUrl, SUCCESS_CARD);
    await portal.request('GET', new URL(callback).pathname + new URL(callback).search);
    await whenQuiet(portal);
    const status = (
      await portal.request<Envelope<TransactionStatusResult>>('GET', `${PATHS.status}?tid=${transactionId}`)
    ).body.result;
    expect(status.transactionStatus).toBe('PENDING');
    expect((await coreView(portal, '8021000001')).airtimeBalance).toBe(before);
    const mismatch = await portal.db.sql.query<{ meta: { verificationMismatch?: unknown } }>(
      'select meta from transactions where id = $1',
      [transactionId],
    );
    expect(mismatch.rows[0]?.meta.verificationMismatch).toBeDefined();
  });
});
