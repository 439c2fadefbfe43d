import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { toInternational, type ConfigData, type LineType } from '@portal/contract';
import type { JobQueue } from '../../lib/jobs.js';
import type { Logger } from '../../lib/logger.js';
import type { CorePort } from '../../upstream/core.js';
import { ProviderFailure } from '../../upstream/gateways/classify.js';
import type { ChargeContext, PaymentProvider, Verification } from '../../upstream/gateways/provider.js';
import type { SmsPort } from '../../upstream/sms.js';
import type { OtpService } from '../otp/service.js';
import type { SubscriberService } from '../subscriber/service.js';
import { resolveMethod, type Method } from './methods.js';
import type { PaymentStore, TransactionRow } from './store.js';
import { REASONS } from './status-reason.js';

/**
 * What every payment use case shares: the dependencies, and the few steps they all take (find the
 * provider, mark a verified payment paid, queue the next job). Each use case lives in its own file and takes
 * this context; `service.ts` puts them together.
 */
export const JOBS = {
  settle: 'payments.settle',
  fulfil: 'payments.fulfil',
  refund: 'payments.refund',
  reverse: 'payments.reverse',
  checkAttempts: 'payments.check-attempts',
  notify: 'payments.notify',
  reconcile: 'payments.reconcile',
} as const;

/** A bundle as the catalogue prices and provisions it. */
export type BundleInfo = {
  amount: number;
  currency: string;
  description: string;
  dataMb: number | null;
  validityDays: number | null;
  /** Whether the buyer's line may buy it (line type, broadband, the postpaid-bundles setting). */
  offered: boolean;
};

export type PaymentDeps = {
  store: PaymentStore;
  /** Where status calls read a transaction: a cache in memory (status-cache.ts); the store when not given. */
  statusRead?: (id: string) => Promise<TransactionRow | undefined>;
  core: CorePort;
  sms: SmsPort;
  jobs: JobQueue;
  otp: OtpService;
  providers: Map<string, PaymentProvider>;
  subscribers: SubscriberService;
  config: () => Promise<ConfigData>;
  /** Decrypts the RSA-OAEP encrypted wallet PIN; the PIN lives only in memory for the debit. */
  decryptPin: (encrypted: string) => string;
  /** Base64 SPKI of the PIN key, handed to the browser by initiate for PIN methods. */
  pinPublicKey: string;
  /** A keyed hash with the server's token-signing key (cancel tokens). */
  keyedHash: (...parts: string[]) => string;
  findBundle?: (
    productCode: string,
    buyer: { lineType: LineType; broadband: boolean },
    language: string,
  ) => Promise<BundleInfo | undefined>;
  /** Home-broadband leads: what a lead's payment must be, and recording that it was paid. */
  leads?: {
    forPayment: (
      leadId: string,
    ) => Promise<{ amount: number; currency: string; payable: boolean; description?: string } | undefined>;
    markPaid: (leadId: string, transactionId: string) => Promise<boolean>;
  };
  publicBaseUrl: () => string;
  pendingExpiryMinutes: number;
  /** How often reconciliation runs; closed payments are re-checked in windows of twice this. */
  reconcileIntervalSeconds: number;
  /** The time-out of one call to a provider or the core. */
  upstreamTimeoutMs: number;
  /** Counts a provider call that failed, by kind, for the operator's alerts. */
  onProviderFailure?: (failure: ProviderFailure) => void;
  log: Logger;
};

/**
 * 'TX' and 96 random bits (24 hex digits): the reference is the key to a payment's status page, so it cannot
 * be guessed from another one, and it tells nobody when the payment was made (docs/decisions/0065).
 */
export function newTransactionId(): string {
  return `TX${randomBytes(12).toString('hex').toUpperCase()}`;
}

export function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/** Who pays: the payment mobile for wallet and airtime methods, else the subscriber. */
export function payerOf(tx: Pick<TransactionRow, 'paymentMobile' | 'msisdn'>): string {
  return tx.paymentMobile ? toInternational(tx.paymentMobile) : tx.msisdn;
}

/** The reference of the n-th charge of a payment: its id first, then `<id>-R<n>`. */
export function attemptReference(transactionId: string, attempt: number): string {
  return attempt <= 1 ? transactionId : `${transactionId}-R${attempt}`;
}

export function createPaymentContext(deps: PaymentDeps) {
  const { store, jobs, log } = deps;

  const queue = {
    fulfil: (id: string) => jobs.send(JOBS.fulfil, { transactionId: id }, { singletonKey: id }),
    notify: (id: string) => jobs.send(JOBS.notify, { transactionId: id }, { singletonKey: `${id}:notify` }),
    /**
     * The payment watch's sends: every instance looks every second, so one job per payment and kind is sent
     * in each 2-second slot, however many instances saw it adrift.
     */
    takeOver: (id: string, state: 'PAID' | 'REFUND_PENDING') =>
      jobs.send(
        state === 'PAID' ? JOBS.fulfil : JOBS.refund,
        { transactionId: id },
        { singletonKey: `${id}:watch`, singletonSeconds: 2 },
      ),
    reverse: (id: string, startAfterSeconds?: number) =>
      jobs.send(
        JOBS.reverse,
        { transactionId: id },
        { singletonKey: `${id}:reverse`, ...(startAfterSeconds ? { startAfterSeconds } : {}) },
      ),
    settle: (id: string, source: string, singletonKey?: string) =>
      jobs.send(JOBS.settle, { transactionId: id, source }, singletonKey ? { singletonKey } : {}),
    checkAttempts: (id: string) =>
      jobs.send(JOBS.checkAttempts, { transactionId: id }, { singletonKey: `${id}:attempts` }),
  };

  const ctx = {
    deps,
    store,
    jobs,
    log,
    queue,
    /**
     * Starts a paid payment's fulfilment in this instance (`fulfil-at-once.ts`, while it runs jobs); false
     * when it cannot, and the fulfil job is sent instead.
     */
    fulfilHere: (_transactionId: string): boolean => false,
    /**
     * Settlements under way in this instance, by payment: the webhook and the browser's return usually arrive
     * together, and the second waits for the first's answer instead of asking the provider again.
     */
    settling: new Map<string, Promise<TransactionRow | undefined>>(),

    method(tx: Pick<TransactionRow, 'paymentMode' | 'paymentGateway'>): Method {
      return resolveMethod(deps.providers, tx.paymentMode, tx.paymentGateway);
    },

    /** What any provider needs to re-query or refund a charge of this payment (its own by default). */
    chargeOf(tx: TransactionRow, reference = tx.providerReference ?? tx.id): ChargeContext {
      return { reference, msisdn: payerOf(tx), amountKobo: tx.amountKobo, currency: tx.currency };
    },

    /** Logs a failed provider call and counts it; anything else is only logged. */
    report(error: unknown, transactionId: string, what: string) {
      if (error instanceof ProviderFailure) deps.onProviderFailure?.(error);
      log.warn({ err: error, transactionId }, what);
    },

    /** Only the browser that started a card payment holds this; it proves a cancel is the payer's. */
    cancelTokenOf(transactionId: string): string {
      return deps.keyedHash('cancel', transactionId);
    },

    isCancelToken(transactionId: string, token: string | undefined): boolean {
      if (!token) return false;
      const given = Buffer.from(token);
      const expected = Buffer.from(ctx.cancelTokenOf(transactionId));
      return given.length === expected.length && timingSafeEqual(given, expected);
    },

    /**
     * Moves a verified payment to PAID and gives its value, here or by a job; returns the moved row
     * (undefined: not moved).
     */
    async markPaid(tx: TransactionRow, verification: Verification, source: string) {
      // Value only for the right reference, amount and currency - never on the browser's word.
      if (
        verification.reference !== (tx.providerReference ?? tx.id) ||
        verification.amountKobo !== tx.amountKobo ||
        verification.currency !== tx.currency
      ) {
        log.warn({ transactionId: tx.id, source }, 'payment verification mismatch');
        await store.update(tx.id, {
          meta: {
            ...tx.meta,
            verificationMismatch: { amountKobo: verification.amountKobo, currency: verification.currency },
          },
        });
        return undefined;
      }
      const card = verification.cardLast4 ? { meta: { ...tx.meta, cardLast4: verification.cardLast4 } } : {};
      const paid = await store.transition(tx.id, 'PAID', { data: { source }, set: card });
      if (paid && !ctx.fulfilHere(tx.id)) await queue.fulfil(tx.id);
      return paid;
    },

    /** Moves the payment as the provider's answer says; returns the moved row (undefined: not moved). */
    async applyVerification(
      tx: TransactionRow,
      verification: Verification,
      source: string,
    ): Promise<TransactionRow | undefined> {
      if (verification.status === 'PAID') return ctx.markPaid(tx, verification, source);
      if (verification.status === 'FAILED' || verification.status === 'NOT_FOUND') {
        const failed = await store.transition(tx.id, 'FAILED', {
          reason: verification.reason ?? REASONS.declined,
          data: { source, provider: verification.status },
        });
        if (failed) await queue.notify(tx.id);
        return failed;
      }
      if (verification.status === 'CANCELLED') {
        return store.transition(tx.id, 'CANCELLED', { reason: REASONS.cancelled, data: { source } });
      }
      return undefined;
    },
  };
  return ctx;
}

export type PaymentContext = ReturnType<typeof createPaymentContext>;
