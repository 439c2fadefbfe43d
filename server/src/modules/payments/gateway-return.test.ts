import { PATHS } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, testDatabases, type TestPortal } from '../../test/harness.js';
import { startCardPayment } from '../../test/payments.js';

/** The gateway returns a browser: whatever it brings, the browser lands on a page of the portal. */
describe.each(testDatabases())('the gateway return lands on a page (%s)', (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(kind);
  });
  afterAll(async () => {
    await portal?.close();
  });

  const land = async (query: string, gateway = 'paystack') => {
    const answer = await portal.request('GET', `${PATHS.pgCallback(gateway)}${query}`);
    return { status: answer.status, location: answer.headers.get('location') };
  };

  it.each([
    ['an unknown reference', '?reference=TXNOSUCHPAYMENT&status=SUCCESS'],
    ['no reference at all', '?status=SUCCESS'],
    ['a reference longer than any of ours', `?txref=${'A'.repeat(300)}`],
    ['a malformed query', '?reference=a&reference=b&status=%E0%A4%A'],
  ])('%s: the not-found page', async (_what, query) => {
    expect(await land(query)).toEqual({ status: 303, location: '/page-not-found' });
  });

  it('an unknown gateway name: the not-found page', async () => {
    expect(await land('?reference=x', 'g')).toEqual({ status: 303, location: '/page-not-found' });
  });

  it("a known payment's return: its status page", async () => {
    const { transactionId } = await startCardPayment(portal, 300);
    expect(await land(`?reference=${transactionId}`)).toEqual({
      status: 303,
      location: `/payment/status?id=${transactionId}`,
    });
  });
});
