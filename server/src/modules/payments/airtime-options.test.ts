import { PATHS, type Envelope, type PaymentOption } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, testDatabases, type TestPortal } from '../../test/harness.js';
import { coreView } from '../../test/sandbox-client.js';

/**
 * Payment options follow the number sent and its line as the core knows it (docs/decisions/0080): airtime is
 * offered only where the line holds airtime, and initiate holds any client to the same rule and to a payer
 * that holds airtime.
 */
describe.each(testDatabases())('airtime only where a line can pay with it (%s)', (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(kind);
  });
  afterAll(async () => {
    await portal?.close();
  });

  const optionTypes = async (body: Record<string, unknown>) => {
    const res = await portal.request<Envelope<{ paymentOption: PaymentOption[] }>>(
      'POST',
      PATHS.paymentOptions,
      body,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.result.paymentOption.map((o) => o.type);
  };

  it.each([
    ['a prepaid recharge of a prepaid line', '8021000001', 'PREPAID_RECHARGE', 'PREPAID', true],
    ['a bundle for a prepaid line', '8021000001', 'PREPAID_BUNDLES', 'PREPAID', true],
    ["a hybrid line's bill", '8021000003', 'POSTPAID_BILL', 'HYBRID', true],
    ['a MiFi recharge (prepaid broadband line)', '9021000005', 'BROADBAND_RECHARGE', '', true],
    ["a postpaid line's bill", '8021000002', 'POSTPAID_BILL', 'POSTPAID', false],
    ['a postpaid bundle of a postpaid line', '8021000002', 'POSTPAID_BUNDLES', 'POSTPAID', false],
    ['a postpaid line that claims to be prepaid', '8021000002', 'POSTPAID_BILL', 'PREPAID', false],
    ['a number the network does not know', '7011000009', 'HBB_LEADS', '', false],
    ['a number of another operator', '8031234567', 'HBB_LEADS', '', false],
  ])('%s: airtime offered = %s', async (_what, mobileNumber, transactionType, subscriberType, airtime) => {
    const types = await optionTypes({ amount: 1000, mobileNumber, subscriberType, transactionType });
    expect(types).toContain('PG');
    expect(types.includes('AIRTIME')).toBe(airtime);
  });

  const initiateAirtime = (body: Record<string, unknown>) =>
    portal.request<Envelope<null>>('POST', PATHS.initiate, {
      amount: 1000,
      paymentMode: 'AIR_TIME',
      emailId: 'ada@example.com',
      uniqueCode: 'not-needed-the-method-is-refused-first',
      ...body,
    });

  it("initiate refuses airtime for a postpaid line's bill, even from a prepaid payer", async () => {
    const payer = await coreView(portal, '8021000001');
    const refused = await initiateAirtime({
      mobileNumber: '8021000002',
      accountId: '1000000002',
      transactionType: 'POSTPAID_BILL',
      paymentMobile: '08021000001',
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.statusCode).toBe('METHOD_UNAVAILABLE');
    expect((await coreView(portal, '8021000001')).operations).toEqual(payer.operations);
  });

  it('initiate refuses a postpaid payer for airtime, with the reason', async () => {
    const refused = await initiateAirtime({
      mobileNumber: '8021000004',
      transactionType: 'PREPAID_RECHARGE',
      paymentMobile: '08021000002',
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body).toMatchObject({
      statusCode: 'METHOD_UNAVAILABLE',
      message: 'Airtime can only be paid from a prepaid line.',
    });
  });
});

describe.each(testDatabases())('payment options under the unversioned name (%s)', (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(kind);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('transaction/payment-options answers as transaction/v1/payment-options', async () => {
    const body = { amount: 1000, mobileNumber: '8021000002', transactionType: 'POSTPAID_BILL' };
    const versioned = await portal.request<Envelope<unknown>>('POST', PATHS.paymentOptions, body);
    const plain = await portal.request<Envelope<unknown>>('POST', PATHS.paymentOptionsUnversioned, body);
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(plain.body).toEqual(versioned.body);
  });
});
