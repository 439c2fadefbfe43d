import { PATHS, type Envelope } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, testDatabases, type TestPortal } from '../../test/harness.js';
import { statusOf } from '../../test/payments.js';

/**
 * A wallet payment refused is told to the payer in the page's language (the catalogue's words; spec §8: the
 * server's message), never in the wallet's own English; a payer that is not one of the operator's numbers is
 * refused before the wallet is asked (spec §4 "Mobile money": 'Please enter valid ... number').
 * Sandbox numbers (design §4): 8021000004 has no wallets, 8031234567 is not an operator number, 7011000009 has
 * an operator prefix but no subscriber.
 */
describe.each(testDatabases())('wallet payments refused, in the payer’s language (%s)', (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(kind);
  });
  afterAll(async () => {
    await portal?.close();
  });

  const initiate = (paymentMode: string, payer: string, amount: number, language: string) =>
    portal.request<Envelope<{ transactionId: string } | null>>(
      'POST',
      PATHS.initiate,
      {
        amount,
        mobileNumber: '8021000001',
        transactionType: 'PREPAID_RECHARGE',
        paymentMode,
        paymentMobile: `0${payer}`,
        emailId: 'ada@example.com',
        language,
      },
      { 'accept-language': language },
    );

  it.each([
    ['NAIJA_MONEY_PUSH', 'pcm', 131, 'Dis number no get wallet.'],
    ['MPESA', 'ha', 132, 'Wannan lambar ba ta da walat.'],
  ])('%s: a number without a wallet is told so in %s', async (paymentMode, language, amount, text) => {
    const initiated = await initiate(paymentMode, '8021000004', amount, language);
    expect(initiated.status, JSON.stringify(initiated.body)).toBe(200);
    const transactionId = initiated.body.result!.transactionId;
    const processed = await portal.request<Envelope<null>>(
      'POST',
      PATHS.process,
      { transactionId, paymentMode },
      { 'accept-language': language },
    );
    expect(processed.status).toBe(400);
    expect(processed.body.statusCode).toBe('4001');
    expect(processed.body.message).toBe(text);
    expect((await statusOf(portal, transactionId)).status).toBe('FAILED');
  });

  it.each([
    ['NAIJA_MONEY_PUSH', '8031234567', 'pcm', 141, 'Abeg put correct Naija Mobile number'],
    ['NAIJA_MONEY_PUSH', '7011000009', 'pcm', 142, 'Abeg put correct Naija Mobile number'],
  ])(
    '%s: %s, not an operator subscriber, is refused in %s before any wallet is asked',
    async (paymentMode, payer, language, amount, text) => {
      const refused = await initiate(paymentMode, payer, amount, language);
      expect(refused.status).toBe(400);
      expect(refused.body.statusCode).toBe('INVALID_MSISDN');
      expect(refused.body.message).toBe(text);
      // No payment was created, so nothing can start a charge at the wallet.
      expect(refused.body.result).toBeNull();
    },
  );
});
