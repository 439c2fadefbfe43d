import { PATHS, type Envelope } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, testDatabases, type TestPortal } from '../../test/harness.js';

/** The payment email is checked by initiate with the browser's rules and texts (contract/src/rules.ts). */
describe.each(testDatabases())('the payment email on the server (%s)', (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(kind);
  });
  afterAll(async () => {
    await portal?.close();
  });

  const initiate = (body: Record<string, unknown>) =>
    portal.request<Envelope<{ transactionId: string } | null>>('POST', PATHS.initiate, {
      amount: 100,
      mobileNumber: '8021000001',
      transactionType: 'PREPAID_RECHARGE',
      ...body,
    });

  it.each([
    ['PAYMENT_GATEWAY', '', 'Email is required'],
    ['PAYMENT_GATEWAY', 'ada@example', 'Invalid Email Id'],
    ['PAYMENT_GATEWAY', 'ada @example.com', 'Invalid Email Id'],
    ['MPESA', '', 'Email is required'],
    ['AIR_TIME', '', 'Email id is required'],
    ['AIR_TIME', 'ada@', 'Please enter valid email'],
    ['NAIJA_MONEY_PUSH', 'ada@', 'Invalid Email Id'],
  ])('%s with email "%s" is refused: %s', async (paymentMode, emailId, message) => {
    const refused = await initiate({ paymentMode, paymentGateway: 'paystack', emailId });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.message).toBe(message);
  });

  it('a card payment with a valid email starts', async () => {
    const started = await initiate({
      paymentMode: 'PAYMENT_GATEWAY',
      paymentGateway: 'paystack',
      emailId: 'ada.lovelace@example.com',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
  });
});
