import { PATHS, type Envelope } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, testDatabases, type TestPortal } from '../../test/harness.js';
import { encryptPin, paymentUniqueCode, pinAccessToken } from '../../test/payments.js';
import { coreView } from '../../test/sandbox-client.js';

const PAYER = '8021000001';
const OTHER = '8021000004';

type Initiated = { transactionId: string; encryptionKeyDetails?: { key: string } };

/**
 * Nobody's airtime or wallet is debited without the payer's own proof: a verified one-time code for that
 * amount (airtime), the verify-user token for that amount and the wallet PIN (PIN wallets), or the payer's
 * answer on the phone (push). The client's labels choose nothing of this.
 */
describe.each(testDatabases())('no debit without the payer’s consent (%s)', (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(kind);
  });
  afterAll(async () => {
    await portal?.close();
  });

  const initiate = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    portal.request<Envelope<Initiated | null>>('POST', PATHS.initiate, body, headers);
  const authInitiate = (body: Record<string, unknown>, authorization: string, key?: string) =>
    portal.request<Envelope<Initiated | null>>('POST', PATHS.authInitiate, body, {
      authorization,
      ...(key ? { 'idempotency-key': key } : {}),
    });
  const prompts = async (number: string) =>
    (await portal.request<{ reference: string }[]>('GET', `/sandbox/phone/${number}/prompts`)).body;

  it.each(['PAYMENT_GATEWAY', 'HBB_LEADS'])(
    '%s reaches card gateways only: "airtime", "momo" or "mpesa" as the gateway is refused, nothing moves',
    async (paymentMode) => {
      const victim = await coreView(portal, PAYER);
      const promptsBefore = (await prompts(PAYER)).length;
      for (const paymentGateway of ['airtime', 'AIRTIME', 'momo', 'mpesa', 'smartcash']) {
        const body = {
          amount: 100,
          mobileNumber: OTHER,
          transactionType: 'PREPAID_RECHARGE',
          paymentMode,
          paymentGateway,
          paymentMobile: `0${PAYER}`,
          emailId: 'eve@example.com',
        };
        const refused = await initiate(body);
        expect(refused.status, `${paymentMode} with ${paymentGateway}`).toBe(400);
        expect(refused.body.statusCode).toBe('METHOD_UNAVAILABLE');
      }
      const after = await coreView(portal, PAYER);
      expect(after.airtimeBalance).toBe(victim.airtimeBalance);
      expect(after.operations).toEqual(victim.operations);
      expect(await prompts(PAYER)).toHaveLength(promptsBefore);
    },
  );

  it('a code sent without an amount cannot authorise an airtime payment', async () => {
    const uniqueCode = await paymentUniqueCode(portal, PAYER);
    const refused = await initiate({
      amount: 100,
      mobileNumber: OTHER,
      transactionType: 'PREPAID_RECHARGE',
      paymentMode: 'AIR_TIME',
      emailId: 'ada@example.com',
      paymentMobile: `0${PAYER}`,
      uniqueCode,
    });
    expect(refused.status).toBe(401);
  });

  it("a payer's code is bound to the payer: it cannot pay from another number", async () => {
    const uniqueCode = await paymentUniqueCode(portal, PAYER, 100);
    const refused = await initiate({
      amount: 100,
      mobileNumber: PAYER,
      transactionType: 'PREPAID_RECHARGE',
      paymentMode: 'AIR_TIME',
      emailId: 'ada@example.com',
      paymentMobile: `0${OTHER}`,
      uniqueCode,
    });
    expect(refused.status).toBe(401);
  });

  const pinPayment = (amount: number) => ({
    amount,
    mobileNumber: PAYER,
    transactionType: 'PREPAID_RECHARGE',
    paymentMode: 'NAIJA_MONEY',
    paymentMobile: `0${PAYER}`,
  });

  it('the verify-user token of a code sent without an amount starts no PIN payment', async () => {
    const authorization = await pinAccessToken(portal, PAYER);
    const refused = await authInitiate(pinPayment(200), authorization);
    expect(refused.status).toBe(401);
  });

  it('the verify-user token is bound to its amount and starts one payment only', async () => {
    const authorization = await pinAccessToken(portal, PAYER, 200);
    const other = await authInitiate(pinPayment(5000), authorization, `pin-other-${kind}-${Date.now()}`);
    expect(other.status).toBe(401);

    const key = `pin-first-${kind}-${Date.now()}`;
    const first = await authInitiate(pinPayment(200), authorization, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // The same payment asked again (a retry with its key) is the same transaction.
    const again = await authInitiate(pinPayment(200), authorization, key);
    expect(again.body.result?.transactionId).toBe(first.body.result?.transactionId);
    // Another payment with the same token is refused, however soon.
    const second = await authInitiate(pinPayment(200), authorization, `pin-second-${kind}-${Date.now()}`);
    expect(second.status).toBe(401);

    // The token of one payment does not process another one.
    const otherToken = await pinAccessToken(portal, PAYER, 200);
    const otherPayment = await authInitiate(pinPayment(200), otherToken, `pin-third-${kind}-${Date.now()}`);
    expect(otherPayment.status).toBe(200);
    const before = await coreView(portal, PAYER);
    const crossed = await portal.request<Envelope<null>>(
      'POST',
      PATHS.authProcess,
      {
        transactionId: otherPayment.body.result!.transactionId,
        paymentMode: 'NAIJA_MONEY',
        amPin: encryptPin('1234', otherPayment.body.result!.encryptionKeyDetails!.key),
      },
      { authorization },
    );
    expect(crossed.status).toBe(401);
    expect((await coreView(portal, PAYER)).walletPayments).toEqual(before.walletPayments);
  });
});
