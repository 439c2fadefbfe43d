import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, startSandbox, type TestSandbox } from './test-support.js';

/** The sandbox in a process apart from the portal it serves (bench:payments with BENCH_SANDBOX=process). */
describe('a sandbox with a base of its own', () => {
  const OWN = 'http://sandbox.test:9999';
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startSandbox({ ownBaseUrl: OWN });
  });
  afterAll(async () => sb?.close());

  it('sends the payer to its own checkout page, and its webhook to the portal', async () => {
    const reference = `APART-${Date.now()}`;
    const initialized = await sb.app.inject({
      method: 'POST',
      url: '/sandbox/paystack/transaction/initialize',
      headers: AUTH,
      payload: { email: 'payer@example.com', amount: '50000', currency: 'NGN', reference },
    });
    const { authorization_url: checkout } = (initialized.json() as { data: { authorization_url: string } })
      .data;
    expect(checkout.startsWith(`${OWN}/sandbox/paystack/checkout/`)).toBe(true);
    const paid = await sb.app.inject({
      method: 'POST',
      url: new URL(checkout).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        cardNumber: '4084 0840 8408 4081',
        expiry: '12/39',
        cvv: '408',
      }).toString(),
    });
    expect(paid.statusCode).toBe(302);
    expect(paid.headers.location?.startsWith(sb.receiver.url)).toBe(true);
    const [hook] = await sb.receiver.waitFor(1, reference);
    expect(hook?.body.event).toBe('charge.success');
  });
});
