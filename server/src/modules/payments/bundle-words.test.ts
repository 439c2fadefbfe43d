import { PATHS, type Envelope, type TransactionStatusResult } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, testDatabases, type TestPortal } from '../../test/harness.js';

/**
 * A bundle's words are recorded in the payment's language, as the list the payer chose from showed them: the
 * status page, the receipt and the SMS read them from the payment.
 */
describe.each(testDatabases())("a bundle is recorded in the payer's words (%s)", (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(kind);
  });
  afterAll(async () => {
    await portal?.close();
  });

  let key = 0;
  const recorded = async (language: string) => {
    const started = await portal.request<Envelope<{ transactionId: string } | null>>(
      'POST',
      PATHS.initiate,
      {
        paymentMode: 'PAYMENT_GATEWAY',
        paymentGateway: 'paystack',
        emailId: 'ada@example.com',
        amount: 500,
        mobileNumber: '8021000001',
        productCode: 'DATA_D_1GB',
        transactionType: 'PREPAID_BUNDLES',
        language,
        confirmDuplicate: true,
      },
      { 'idempotency-key': `bundle-words-${Date.now()}-${++key}` },
    );
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const status = await portal.request<Envelope<TransactionStatusResult>>(
      'GET',
      `${PATHS.status}?tid=${started.body.result!.transactionId}`,
    );
    return status.body.result.bundleDescription;
  };

  it('in Hausa for a Hausa page, in English for an English one or a language the catalogue lacks', async () => {
    expect(await recorded('ha')).toBe('1GB na kullum - 1GB, kwana 1');
    expect(await recorded('en')).toBe('Daily 1GB - 1GB, 1 day');
    expect(await recorded('fr')).toBe('Daily 1GB - 1GB, 1 day');
  });
});
