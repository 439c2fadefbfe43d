import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChargeRequest } from './provider.js';
import { createWalletProvider } from './wallet.js';

/**
 * The wallet adapter reports what the wallet said, never what the portal asked for: an answer without an
 * amount or a currency is not the agreed amount or currency, so the payment service sees a mismatch (as the
 * DPO adapter reports a paid answer without a readable amount), and gives nothing for it.
 */
describe('wallet adapter: the wallet’s own amount and currency, or a mismatch', () => {
  const fake = Fastify();
  let baseUrl = '';
  // What the fake wallet answers for a reference: the answer's fields by reference.
  const answers: Record<string, Record<string, unknown>> = {
    full: { status: 'SUCCESSFUL', amountKobo: 25_000, currency: 'NGN' },
    'no-currency': { status: 'SUCCESSFUL', amountKobo: 25_000 },
    'no-amount': { status: 'SUCCESSFUL', currency: 'NGN' },
    'other-currency': { status: 'SUCCESSFUL', amountKobo: 25_000, currency: 'USD' },
    'text-amount': { status: 'SUCCESSFUL', amountKobo: '25000abc', currency: 'NGN' },
  };

  beforeAll(async () => {
    const answer = (reference: string) => ({ reference, ...(answers[reference] ?? { status: 'PENDING' }) });
    fake.get<{ Params: { reference: string } }>('/collections/:reference', async (request) =>
      answer(request.params.reference),
    );
    fake.post('/debits', async (request) => answer((request.body as { reference: string }).reference));
    baseUrl = await fake.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await fake.close();
  });

  const wallet = () =>
    createWalletProvider({
      id: 'momo',
      baseUrl: () => baseUrl,
      timeoutMs: 2000,
      callbackSecret: 'secret',
      push: { path: '/collections' },
      pinDebit: { path: '/debits', statusPath: '/collections' },
      lockedParams: async () => ({ wallet: 'Mobile Money', care: '300', dial: '*1#' }),
    });
  const charge = (reference: string) => ({
    reference,
    msisdn: '2348021000001',
    amountKobo: 25_000,
    currency: 'NGN',
  });
  const pinRequest = (reference: string): ChargeRequest => ({
    ...charge(reference),
    email: '',
    callbackUrl: 'http://portal.test/return',
    notifyUrl: 'http://portal.test/hook',
    description: 'Airtime recharge',
    pin: '1234',
  });

  it('a full answer is reported as it is', async () => {
    expect(await wallet().verify(charge('full'))).toMatchObject({
      status: 'PAID',
      amountKobo: 25_000,
      currency: 'NGN',
    });
  });

  it.each([
    ['no-currency', { currency: '' }],
    ['other-currency', { currency: 'USD' }],
    ['no-amount', { amountKobo: Number.NaN }],
    ['text-amount', { amountKobo: Number.NaN }],
  ])('status query: %s is not taken for the agreed amount and currency', async (reference, expected) => {
    const verification = await wallet().verify(charge(reference));
    expect(verification.status).toBe('PAID');
    if ('currency' in expected) expect(verification.currency).toBe(expected.currency);
    if ('amountKobo' in expected) expect(verification.amountKobo).toBeNaN();
  });

  it.each([
    ['no-currency', { currency: '' }],
    ['other-currency', { currency: 'USD' }],
    ['no-amount', { amountKobo: Number.NaN }],
  ])('PIN debit answer: %s is not taken for the agreed amount and currency', async (reference, expected) => {
    const start = await wallet().start(pinRequest(reference));
    expect(start.kind).toBe('charged');
    if (start.kind !== 'charged') return;
    if ('currency' in expected) expect(start.verification.currency).toBe(expected.currency);
    if ('amountKobo' in expected) expect(start.verification.amountKobo).toBeNaN();
  });
});
