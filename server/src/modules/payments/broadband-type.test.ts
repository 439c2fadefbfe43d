import { PATHS, type Envelope, type TransactionStatusResult } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, testDatabases, type TestPortal } from '../../test/harness.js';

/** A router or MiFi line's bundle is recorded as a broadband recharge (the status page's broadband rows). */
describe.each(testDatabases())('broadband recharges are recorded as such (%s)', (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(kind);
  });
  afterAll(async () => {
    await portal?.close();
  });

  let key = 0;
  const initiate = (body: Record<string, unknown>) =>
    portal.request<Envelope<{ transactionId: string } | null>>(
      'POST',
      PATHS.initiate,
      {
        paymentMode: 'PAYMENT_GATEWAY',
        paymentGateway: 'paystack',
        emailId: 'ada@example.com',
        ...body,
      },
      { 'idempotency-key': `broadband-type-${Date.now()}-${++key}` },
    );
  const recordedType = async (id: string) =>
    (await portal.request<Envelope<TransactionStatusResult>>('GET', `${PATHS.status}?tid=${id}`)).body.result
      .transactionType;

  it.each(['BROADBAND_RECHARGE', 'PREPAID_BUNDLES'])(
    'a MiFi plan sent as %s is a BROADBAND_RECHARGE',
    async (transactionType) => {
      const started = await initiate({
        amount: 2500,
        mobileNumber: '9021000005',
        productCode: 'MIFI_WEEKLY_5GB',
        transactionType,
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      expect(await recordedType(started.body.result!.transactionId)).toBe('BROADBAND_RECHARGE');
    },
  );

  it('a phone line stays a bundle purchase, and cannot be called a broadband recharge', async () => {
    const phone = { amount: 500, mobileNumber: '8021000001', productCode: 'DATA_D_1GB' };
    const bundle = await initiate({ ...phone, transactionType: 'PREPAID_BUNDLES' });
    expect(bundle.status, JSON.stringify(bundle.body)).toBe(200);
    expect(await recordedType(bundle.body.result!.transactionId)).toBe('PREPAID_BUNDLES');
    const mislabelled = await initiate({ ...phone, transactionType: 'BROADBAND_RECHARGE' });
    expect(mislabelled.status).toBe(400);
    expect(mislabelled.body.statusCode).toBe('LINE_TYPE_MISMATCH');
  });
});
