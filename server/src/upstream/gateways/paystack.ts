import { createHmac, timingSafeEqual } from 'node:crypto';
import { createHttpClient, UpstreamError } from '../http.js';
import { classifyRead, classifyWrite, providerFailure, ProviderFailure } from './classify.js';
import { lastFourOf, type PaymentProvider, type ProviderStatus, type Verification } from './provider.js';

/**
 * Paystack card gateway adapter. Speaks Paystack's API as its OpenAPI description documents it
 * (`/transaction/initialize`, `/transaction/verify/{reference}`, `/refund`); the same code talks to the
 * sandbox and to the real provider, only `baseUrl` and the secret key differ.
 */
type PaystackEnvelope<T> = { status: boolean; message: string; data: T };
type InitializeData = { authorization_url: string; access_code: string; reference: string };
type VerifyData = {
  status: string;
  reference: string;
  amount: number;
  currency: string;
  gateway_response?: string | null;
  authorization?: { last4?: string | null } | null;
};

/** Paystack's transaction states -> ours, in one place. */
export function mapPaystackStatus(status: string): ProviderStatus {
  switch (status) {
    case 'success':
      return 'PAID';
    case 'failed':
    case 'reversed':
      return 'FAILED';
    case 'abandoned':
      return 'CANCELLED';
    default:
      // ongoing, pending, processing, queued: not final.
      return 'PENDING';
  }
}

export function paystackSignature(rawBody: string, secretKey: string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

export const PAYSTACK_CHANNELS = ['card', 'bank', 'ussd', 'mobile_money', 'bank_transfer'];

/** `components.schemas.Currency` of Paystack's OpenAPI description. */
export const PAYSTACK_CURRENCIES = ['GHS', 'KES', 'NGN', 'ZAR', 'USD'] as const;

/**
 * Paystack's "no such transaction": 404, or 400 with "Transaction reference not found". The only answer of
 * verify that closes a payment the gateway did not decline; every other refusal says nothing about the money.
 */
export function isUnknownReference(error: UpstreamError): boolean {
  if (error.status === 404) return true;
  const message = (error.body as { message?: unknown } | undefined)?.message;
  return error.status === 400 && typeof message === 'string' && /reference not found/i.test(message);
}

export function createPaystack(options: {
  baseUrl: () => string;
  secretKey: string;
  timeoutMs: number;
}): PaymentProvider {
  const http = createHttpClient({
    service: 'paystack',
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    headers: () => ({ authorization: `Bearer ${options.secretKey}` }),
  });

  return {
    id: 'paystack',
    kind: 'card',
    currencies: PAYSTACK_CURRENCIES,

    async start(request) {
      const body = {
        email: request.email,
        // The description types amount as an integer number of kobo.
        amount: request.amountKobo,
        currency: request.currency,
        reference: request.reference,
        callback_url: request.callbackUrl,
        channels: PAYSTACK_CHANNELS,
        metadata: {
          cancel_action: `${request.callbackUrl}?trxref=${encodeURIComponent(request.reference)}&reference=${encodeURIComponent(request.reference)}&status=CANCELLED`,
          msisdn: request.msisdn,
          description: request.description,
        },
      };
      const answer = await http<PaystackEnvelope<InitializeData>>(
        'POST',
        '/transaction/initialize',
        body,
      ).catch((error: unknown) => {
        throw providerFailure('paystack', 'start', error, classifyWrite);
      });
      if (!answer.status)
        throw new ProviderFailure('final', 'paystack', 'start', `paystack start: ${answer.message}`);
      return {
        kind: 'redirect',
        providerReference: answer.data.reference,
        redirectUrl: answer.data.authorization_url,
        accessCode: answer.data.access_code,
      };
    },

    async verify({ reference }): Promise<Verification> {
      try {
        const answer = await http<PaystackEnvelope<VerifyData>>(
          'GET',
          `/transaction/verify/${encodeURIComponent(reference)}`,
        );
        return {
          status: mapPaystackStatus(answer.data.status),
          reference: answer.data.reference,
          amountKobo: Number(answer.data.amount),
          currency: answer.data.currency,
          reason: answer.data.gateway_response ?? undefined,
          ...lastFourOf(answer.data.authorization?.last4),
        };
      } catch (error) {
        if (error instanceof UpstreamError && isUnknownReference(error)) {
          return {
            status: 'NOT_FOUND',
            reference,
            amountKobo: 0,
            currency: '',
            reason: 'Transaction reference not found',
          };
        }
        throw providerFailure('paystack', 'verify', error, classifyRead);
      }
    },

    async refund({ reference, amountKobo }) {
      try {
        await http('POST', '/refund', { transaction: reference, amount: amountKobo });
      } catch (error) {
        // A second refund of the same charge is refused by the provider ("Transaction has been fully
        // reversed"): it is already refunded.
        const body = JSON.stringify(error instanceof UpstreamError ? error.body : '');
        if (
          error instanceof UpstreamError &&
          error.kind === 'client' &&
          /fully reversed|already.*refund/i.test(body)
        )
          return;
        throw providerFailure('paystack', 'refund', error, classifyWrite);
      }
    },

    parseWebhook(rawBody, headers) {
      const given = headers['x-paystack-signature'];
      if (typeof given !== 'string' || !/^[0-9a-f]{128}$/i.test(given)) return undefined;
      const expected = paystackSignature(rawBody, options.secretKey);
      if (!timingSafeEqual(Buffer.from(given.toLowerCase(), 'hex'), Buffer.from(expected, 'hex')))
        return undefined;
      const event = JSON.parse(rawBody) as {
        event?: string;
        data?: { reference?: string; id?: number | string };
      };
      const reference = event.data?.reference;
      if (!reference || !event.event) return undefined;
      return {
        eventKey: `${event.event}:${reference}:${event.data?.id ?? ''}`,
        reference,
        payload: event as Record<string, unknown>,
      };
    },
  };
}
