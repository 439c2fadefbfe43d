import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSchema, paystackSchema } from '@portal/sandbox/test-support';
import { createPaystack, mapPaystackStatus, paystackSignature } from './paystack.js';

/**
 * The card adapter speaks Paystack's API as Paystack's own OpenAPI description says: its requests are
 * checked against the description's request schemas, and it understands responses shaped by the
 * description's response schemas. (The sandbox is checked against the same file in sandbox/.)
 */
describe('Paystack adapter against the OpenAPI description', () => {
  const received: { url: string; body: unknown; authorization: string | undefined }[] = [];
  const fake = Fastify();
  let baseUrl = '';

  beforeAll(async () => {
    // Compiling the description's schemas takes a while; do it before the adapter's clock runs.
    paystackSchema('TransactionInitializeResponse');
    fake.post('/transaction/initialize', async (request) => {
      received.push({ url: request.url, body: request.body, authorization: request.headers.authorization });
      const reply = {
        status: true,
        message: 'Authorization URL created',
        data: {
          authorization_url: 'https://checkout.example/abc',
          access_code: 'abc',
          reference: (request.body as { reference: string }).reference,
        },
      };
      expectSchema('TransactionInitializeResponse', reply);
      return reply;
    });
    fake.get('/transaction/verify/:reference', async (request) => {
      received.push({ url: request.url, body: undefined, authorization: request.headers.authorization });
      return {
        status: true,
        message: 'Verification successful',
        data: {
          id: 4000000001,
          status: 'success',
          reference: (request.params as { reference: string }).reference,
          amount: 50000,
          currency: 'NGN',
          gateway_response: 'Successful',
          authorization: { authorization_code: 'AUTH_x1', bin: '408408', last4: '4081', card_type: 'visa' },
        },
      };
    });
    fake.post('/refund', async (request, reply) => {
      received.push({ url: request.url, body: request.body, authorization: request.headers.authorization });
      if ((request.body as { transaction: string }).transaction === 'TWICE') {
        return reply.code(400).send({ status: false, message: 'Transaction has been fully reversed' });
      }
      return { status: true, message: 'Refund has been queued for processing', data: {} };
    });
    baseUrl = await fake.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await fake.close();
  });

  const adapter = () =>
    createPaystack({ baseUrl: () => baseUrl, secretKey: 'sk_test_adapter', timeoutMs: 2000 });

  it('initialize: request per TransactionInitialize, amount in kobo, bearer key, cancel back to the callback', async () => {
    const start = await adapter().start({
      reference: 'TX1',
      amountKobo: 50000,
      currency: 'NGN',
      email: 'ada@example.com',
      msisdn: '2348021000001',
      callbackUrl: 'http://portal/cb',
      notifyUrl: 'http://portal/hook',
      description: 'Airtime',
    });
    const sent = received.find((r) => r.url === '/transaction/initialize')!;
    expect(sent.authorization).toBe('Bearer sk_test_adapter');
    expectSchema('TransactionInitialize', sent.body);
    expect(sent.body).toMatchObject({
      email: 'ada@example.com',
      amount: 50000,
      reference: 'TX1',
      callback_url: 'http://portal/cb',
    });
    expect((sent.body as { metadata: { cancel_action: string } }).metadata.cancel_action).toContain(
      'status=CANCELLED',
    );
    expect(start).toEqual({
      kind: 'redirect',
      providerReference: 'TX1',
      redirectUrl: 'https://checkout.example/abc',
      accessCode: 'abc',
    });
  });

  it('verify: reads reference, amount (kobo), currency and status from VerifyResponse', async () => {
    const v = await adapter().verify({ reference: 'TX1', msisdn: '', amountKobo: 50000, currency: 'NGN' });
    expect(v).toEqual({
      status: 'PAID',
      reference: 'TX1',
      amountKobo: 50000,
      currency: 'NGN',
      reason: 'Successful',
      cardLast4: '4081',
    });
  });

  it('refund: sends the transaction reference and amount; a second refund counts as done', async () => {
    await adapter().refund({ reference: 'TX1', msisdn: '', amountKobo: 50000, currency: 'NGN' });
    expect(received.find((r) => r.url === '/refund')!.body).toEqual({ transaction: 'TX1', amount: 50000 });
    await expect(
      adapter().refund({ reference: 'TWICE', msisdn: '', amountKobo: 1, currency: 'NGN' }),
    ).resolves.toBeUndefined();
  });

  it('maps every Paystack state in one place', () => {
    expect(mapPaystackStatus('success')).toBe('PAID');
    expect(mapPaystackStatus('failed')).toBe('FAILED');
    expect(mapPaystackStatus('reversed')).toBe('FAILED');
    expect(mapPaystackStatus('abandoned')).toBe('CANCELLED');
    expect(mapPaystackStatus('ongoing')).toBe('PENDING');
  });

  it('accepts only webhooks signed with HMAC-SHA512 of the raw body', () => {
    const body = JSON.stringify({ event: 'charge.success', data: { id: 1, reference: 'TX1' } });
    const a = adapter();
    expect(
      a.parseWebhook(body, { 'x-paystack-signature': paystackSignature(body, 'sk_test_adapter') }),
    ).toMatchObject({ reference: 'TX1' });
    expect(
      a.parseWebhook(body, { 'x-paystack-signature': paystackSignature(body, 'another key') }),
    ).toBeUndefined();
    expect(
      a.parseWebhook(body + ' ', { 'x-paystack-signature': paystackSignature(body, 'sk_test_adapter') }),
    ).toBeUndefined();
    expect(a.parseWebhook(body, {})).toBeUndefined();
  });
});
