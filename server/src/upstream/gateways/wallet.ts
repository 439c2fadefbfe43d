import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../lib/app-error.js';
import { createHttpClient, UpstreamError } from '../http.js';
import { classifyRead, classifyWrite, providerFailure } from './classify.js';
import type { ChargeRequest, PaymentProvider, ProviderStatus, Verification } from './provider.js';

/**
 * Adapter for the wallet providers (mobile money, SmartCash, MPESA): a push prompt the subscriber
 * approves on the phone, or a debit authorised by the wallet PIN. Notifications are signed with
 * HMAC-SHA256 of the raw body in `x-sandbox-signature` (the wallet provider's scheme).
 */
type WalletStatus = {
  reference?: unknown;
  status: 'PENDING' | 'SUCCESSFUL' | 'FAILED';
  reason?: string;
  amountKobo?: unknown;
  currency?: unknown;
};
type WalletError = { code?: string; message?: string; attemptsLeft?: number };

export function mapWalletStatus(status: string): ProviderStatus {
  if (status === 'SUCCESSFUL') return 'PAID';
  if (status === 'FAILED') return 'FAILED';
  return 'PENDING';
}

/**
 * The wallet's answer as a verification, in the wallet's own words only: an amount or a currency it did not
 * give (or gave unreadably) is NaN or '', which never matches what was initiated, so nothing is paid on an
 * answer that does not say what was paid (as the DPO adapter does).
 */
export function walletVerification(answer: WalletStatus): Verification {
  const amount = answer.amountKobo;
  const currency = answer.currency;
  return {
    status: mapWalletStatus(answer.status),
    reference: typeof answer.reference === 'string' ? answer.reference : '',
    amountKobo: typeof amount === 'number' && Number.isSafeInteger(amount) ? amount : Number.NaN,
    currency: typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? currency : '',
    ...(answer.reason ? { reason: answer.reason } : {}),
  };
}

export function walletSignature(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

export type WalletOptions = {
  id: string;
  baseUrl: () => string;
  timeoutMs: number;
  callbackSecret: string;
  /** Push path (POST) and status path prefix (GET <path>/:reference); undefined when the wallet has no push. */
  push?: { path: string };
  /** PIN debit path; undefined when the wallet takes no PIN. */
  pinDebit?: { path: string; statusPath: string };
  /** Texts for the wallet-locked answer (customer care number and PIN reset dial come from configuration). */
  /** The `{wallet}`, `{care}` and `{dial}` of the catalogue's WALLET_LOCKED message. */
  lockedParams: () => Promise<Record<string, string>>;
};

/**
 * A wallet's refusal, told to the payer in the catalogue's words in the payer's language (spec §8: the server's
 * message); the wallet's own words, in its language, go to the log only.
 */
function walletRefusal(name: 'NO_WALLET' | 'PAYMENT_REFUSED', walletText: string | undefined): AppError {
  return new AppError(name, walletText ? { details: { walletText } } : {});
}

/** 401/403/429: the wallet did not look at the payment at all; not the subscriber's refusal. */
function isRefusalToAnswer(error: UpstreamError): boolean {
  return error.status === 401 || error.status === 403 || error.status === 429;
}

export function createWalletProvider(options: WalletOptions): PaymentProvider {
  const http = createHttpClient({
    service: options.id,
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
  });

  async function pinDebit(request: ChargeRequest): Promise<Verification> {
    try {
      const answer = await http<WalletStatus>('POST', options.pinDebit!.path, {
        reference: request.reference,
        msisdn: request.msisdn,
        amountKobo: request.amountKobo,
        currency: request.currency,
        pin: request.pin,
      });
      return walletVerification(answer);
    } catch (error) {
      if (!(error instanceof UpstreamError) || error.kind !== 'client' || isRefusalToAnswer(error))
        throw providerFailure(options.id, 'start', error, classifyWrite);
      const body = (error.body ?? {}) as WalletError;
      switch (body.code) {
        case '1004':
          throw new AppError('WRONG_PIN', { result: { attemptsLeft: body.attemptsLeft ?? 0 } });
        case '56D005':
          throw new AppError('SMARTCASH_WRONG_PIN', { result: { attemptsLeft: body.attemptsLeft ?? 0 } });
        case '1006':
          throw new AppError('WALLET_LOCKED', {
            params: await options.lockedParams(),
            result: { attemptsLeft: 0 },
          });
        case '4001':
          throw walletRefusal('NO_WALLET', body.message);
        case 'INSUFFICIENT_FUNDS':
          throw new AppError('INSUFFICIENT_BALANCE');
        default:
          throw walletRefusal('PAYMENT_REFUSED', body.message);
      }
    }
  }

  return {
    id: options.id,
    kind: 'wallet',
    lockedParams: options.lockedParams,

    async start(request) {
      if (request.pin !== undefined) {
        if (!options.pinDebit) throw new AppError('METHOD_UNAVAILABLE');
        const verification = await pinDebit(request);
        return { kind: 'charged', providerReference: request.reference, verification };
      }
      if (!options.push) throw new AppError('METHOD_UNAVAILABLE');
      try {
        await http('POST', options.push.path, {
          reference: request.reference,
          msisdn: request.msisdn,
          amountKobo: request.amountKobo,
          currency: request.currency,
          callbackUrl: request.notifyUrl,
          description: request.description,
        });
      } catch (error) {
        if (error instanceof UpstreamError && error.kind === 'client' && !isRefusalToAnswer(error)) {
          const body = (error.body ?? {}) as WalletError;
          if (body.code === '4001' || error.status === 404) {
            throw walletRefusal('NO_WALLET', body.message);
          }
          throw walletRefusal('PAYMENT_REFUSED', body.message);
        }
        throw providerFailure(options.id, 'start', error, classifyWrite);
      }
      return { kind: 'push', providerReference: request.reference };
    },

    async verify({ reference }) {
      // A wallet with both flows keeps pushes and PIN debits apart; a reference lives in one of them.
      const paths = [options.push?.path, options.pinDebit?.statusPath].filter((p): p is string => Boolean(p));
      for (const path of paths) {
        try {
          return walletVerification(
            await http<WalletStatus>('GET', `${path}/${encodeURIComponent(reference)}`),
          );
        } catch (error) {
          if (!(error instanceof UpstreamError && error.status === 404))
            throw providerFailure(options.id, 'verify', error, classifyRead);
        }
      }
      return { status: 'NOT_FOUND', reference, amountKobo: 0, currency: '', reason: 'Payment not found' };
    },

    async refund({ reference }) {
      await http('POST', '/refunds', { reference }).catch((error: unknown) => {
        throw providerFailure(options.id, 'refund', error, classifyWrite);
      });
    },

    parseWebhook(rawBody, headers) {
      const given = headers['x-sandbox-signature'];
      if (typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given)) return undefined;
      const expected = walletSignature(rawBody, options.callbackSecret);
      if (!timingSafeEqual(Buffer.from(given.toLowerCase(), 'hex'), Buffer.from(expected, 'hex')))
        return undefined;
      const event = JSON.parse(rawBody) as { reference?: string; status?: string };
      if (!event.reference || !event.status) return undefined;
      return {
        eventKey: `${event.status}:${event.reference}`,
        reference: event.reference,
        payload: event as Record<string, unknown>,
      };
    },
  };
}
