import { PATHS, type Envelope } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, testDatabases, type TestPortal } from '../../test/harness.js';
import { cardRecharge, processCardPayment, startCardPayment } from '../../test/payments.js';
import { statusPagePath } from './service.js';

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

  it("a payment made in Yorùbá returns to the Yorùbá status page (the page's language, without JavaScript too)", async () => {
    const initiated = await portal.request<Envelope<{ transactionId: string }>>(
      'POST',
      PATHS.initiate,
      cardRecharge(310, '8021000001'),
      { 'idempotency-key': `return-language-${Date.now()}`, 'accept-language': 'yo' },
    );
    const { transactionId } = initiated.body.result;
    await processCardPayment(portal, transactionId);
    expect(await land(`?reference=${transactionId}`)).toEqual({
      status: 303,
      location: `/yo/payment/status?id=${transactionId}`,
    });
  });
});

describe('statusPagePath', () => {
  const config = {
    languages: [
      { code: 'en', label: 'English', prefix: '' },
      { code: 'ha', label: 'Hausa', prefix: '/ha' },
    ],
  };
  it("puts the language's prefix before the page, and none for the default or a language no longer listed", () => {
    expect(statusPagePath(config, 'ha', 'TX1')).toBe('/ha/payment/status?id=TX1');
    expect(statusPagePath(config, 'en', 'TX1')).toBe('/payment/status?id=TX1');
    expect(statusPagePath(config, 'yo', 'TX1')).toBe('/payment/status?id=TX1');
  });
});
