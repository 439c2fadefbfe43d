import { createHash, randomBytes } from 'node:crypto';
import {
  fromKobo,
  toInternational,
  toKobo,
  toPaymentMobile,
  PATHS,
  type ConfigData,
  type InitiateRequest,
  type PaymentOption,
  type ProcessRequest,
  type TransactionStatusResult,
  type TransactionType,
} from '@portal/contract';
import type { z } from 'zod';
import type { initiateRequest, processRequest } from '@portal/contract';
import { AppError } from '../../lib/app-error.js';
import type { JobQueue } from '../../lib/jobs.js';
import type { Logger } from '../../lib/logger.js';
import { InsufficientBalanceError, type CorePort } from '../../upstream/core.js';
import type { SmsPort } from '../../upstream/sms.js';
import { UpstreamError } from '../../upstream/http.js';
import type { PaymentProvider, Verification } from '../../upstream/gateways/provider.js';
import type { SubscriberService } from '../subscriber/service.js';
import { fulfilmentOperation, reversalOperation } from './fulfilment.js';
import { displayStatusOf, type State } from './state-machine.js';
import type { PaymentStore, TransactionRow } from './store.js';

export const JOBS = {
  settle: 'payments.settle',
  fulfil: 'payments.fulfil',
  refund: 'payments.refund',
  notify: 'payments.notify',
  reconcile: 'payments.reconcile',
} as const;

/** Regulator's rule: a failed airtime/data purchase is refunded within 30 s; fulfilment gives up well before. */
const FULFIL_ATTEMPTS = 3;
const FULFIL_RETRY_MS = [1_000, 3_000];

type Deps = {
  store: PaymentStore;
  core: CorePort;
  sms: SmsPort;
  jobs: JobQueue;
  providers: Map<string, PaymentProvider>;
  subscribers: SubscriberService;
  config: () => Promise<ConfigData>;
  publicBaseUrl: () => string;
  pendingExpiryMinutes: number;
  log: Logger;
};

export function newTransactionId(): string {
  return `TX${Date.now().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`;
}

function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createPaymentService(deps: Deps) {
  const { store, jobs, log } = deps;

  function providerFor(tx: Pick<TransactionRow, 'paymentGateway' | 'paymentMode'>): PaymentProvider {
    const id = tx.paymentMode === 'PAYMENT_GATEWAY' ? (tx.paymentGateway ?? '') : tx.paymentMode;
    const provider = deps.providers.get(id.toLowerCase());
    if (!provider) throw new AppError('METHOD_UNAVAILABLE');
    return provider;
  }

  async function limitsFor(type: TransactionType) {
    const c = await deps.config();
    return type === 'POSTPAID_BILL' ? { min: c.postMinAmnt, max: c.postMaxAmnt } : { min: c.preMinAmnt, max: c.preMaxAmnt };
  }

  /** What the portal checks before any money moves: the number, the line type and the amount. */
  async function checkPurchase(body: z.output<typeof initiateRequest>) {
    const subscriber = await deps.subscribers.requireSubscriber(body.mobileNumber);
    if (body.currencyCode !== 'NGN') throw new AppError('BAD_REQUEST', { message: 'Unsupported currency' });
    if (body.transactionType === 'PREPAID_RECHARGE') {
      if (subscriber.lineType !== 'PREPAID') throw new AppError('LINE_TYPE_MISMATCH');
    }
    if (body.transactionType === 'POSTPAID_BILL' && subscriber.lineType === 'PREPAID') {
      throw new AppError('LINE_TYPE_MISMATCH');
    }
    if (body.transactionType === 'PREPAID_RECHARGE' || body.transactionType === 'POSTPAID_BILL') {
      const { min, max } = await limitsFor(body.transactionType);
      if (body.amount < min || body.amount > max) {
        throw new AppError('AMOUNT_OUT_OF_RANGE', { message: `Amount must be between NGN ${min} and NGN ${max}` });
      }
    }
    return subscriber;
  }

  async function markPaid(tx: TransactionRow, verification: Verification, source: string) {
    // Value only for the right reference, amount and currency - never on the browser's word.
    if (
      verification.reference !== tx.providerReference ||
      verification.amountKobo !== tx.amountKobo ||
      verification.currency !== tx.currency
    ) {
      log.warn({ transactionId: tx.id, source }, 'payment verification mismatch');
      await store.update(tx.id, {
        meta: { ...tx.meta, verificationMismatch: { amountKobo: verification.amountKobo, currency: verification.currency } },
      });
      return;
    }
    const paid = await store.transition(tx.id, 'PAID', { data: { source } });
    if (paid) await jobs.send(JOBS.fulfil, { transactionId: tx.id }, { singletonKey: tx.id });
  }

  const service = {
    async paymentOptions(): Promise<PaymentOption[]> {
      return [...deps.providers.values()]
        .map((p): PaymentOption | undefined =>
          p.id === 'paystack' ? { name: 'Debit/Credit Card', type: 'PG', paymentGateway: 'paystack', popup: false } : undefined,
        )
        .filter((o): o is PaymentOption => o !== undefined);
    },

    async initiate(body: z.output<typeof initiateRequest>, idempotencyKey: string | undefined) {
      await checkPurchase(body);
      const request = { ...body, uniqueCode: undefined };
      const requestHash = hashOf(request);
      const key = idempotencyKey ?? `auto:${newTransactionId()}`;
      const { row, created } = await store.insertOnce({
        id: newTransactionId(),
        idempotencyKey: key,
        requestHash,
        state: 'CREATED',
        transactionType: body.transactionType,
        paymentMode: body.paymentMode,
        paymentGateway: body.paymentGateway || null,
        msisdn: toInternational(body.mobileNumber),
        paymentMobile: body.paymentMobile || toPaymentMobile(body.mobileNumber),
        email: body.emailId || null,
        amountKobo: toKobo(body.amount),
        currency: body.currencyCode,
        productCode: body.productCode || null,
        bundleDescription: body.bundleDescription || null,
        accountId: body.accountId || null,
        invoiceNumber: body.invoiceNumber || null,
        leadId: body.txnId || null,
        meta: {},
      });
      if (!created && row.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_CONFLICT');
      return { transactionId: row.id };
    },

    async process(body: z.output<typeof processRequest>) {
      const tx = await store.find(body.transactionId);
      if (!tx) throw new AppError('NOT_FOUND', { message: 'Unknown transaction' });
      if (tx.paymentMode !== body.paymentMode) throw new AppError('INVALID_STATE');
      // Processing twice returns the same redirect: a double click never starts a second charge.
      if (tx.state === 'PENDING' && typeof tx.meta['redirectUrl'] === 'string') {
        return { transactionId: tx.id, redirectUrl: tx.meta['redirectUrl'] as string, reference: tx.providerReference ?? undefined };
      }
      if (tx.state !== 'CREATED') throw new AppError('INVALID_STATE');
      const provider = providerFor(tx);
      const gateway = provider.id;
      let start;
      try {
        start = await provider.start({
          reference: tx.id,
          amountKobo: tx.amountKobo,
          currency: tx.currency,
          email: tx.email ?? '',
          msisdn: tx.msisdn,
          callbackUrl: `${deps.publicBaseUrl()}${PATHS.pgCallback(gateway)}`,
          notifyUrl: `${deps.publicBaseUrl()}${PATHS.webhook(gateway)}`,
          description: tx.bundleDescription ?? tx.transactionType.replace(/_/g, ' '),
        });
      } catch (error) {
        log.warn({ err: error, transactionId: tx.id }, 'payment start failed');
        throw new AppError('UPSTREAM_UNAVAILABLE', { cause: error });
      }
      const meta = { ...tx.meta, ...(start.kind === 'redirect' ? { redirectUrl: start.redirectUrl } : {}) };
      const moved = await store.transition(tx.id, 'PENDING', {
        set: { providerReference: start.providerReference, meta },
        data: { gateway },
      });
      if (!moved) throw new AppError('INVALID_STATE');
      return {
        transactionId: tx.id,
        ...(start.kind === 'redirect' ? { redirectUrl: start.redirectUrl, accessCode: start.accessCode } : {}),
        reference: start.providerReference,
      };
    },

    /** Asks the provider where the charge stands and moves the transaction accordingly. */
    async settle(transactionId: string, source: string) {
      const tx = await store.find(transactionId);
      if (!tx || !tx.providerReference || (tx.state !== 'PENDING' && tx.state !== 'CREATED')) return tx;
      const provider = providerFor(tx);
      let verification: Verification;
      try {
        verification = await provider.verify(tx.providerReference);
      } catch (error) {
        // A timeout is not a failure: the reconciliation job asks again.
        log.warn({ err: error, transactionId }, 'verification failed; will retry');
        return tx;
      }
      if (verification.status === 'PAID') await markPaid(tx, verification, source);
      else if (verification.status === 'FAILED') {
        await store.transition(tx.id, 'FAILED', { reason: verification.reason ?? 'Payment declined', data: { source } });
        await jobs.send(JOBS.notify, { transactionId: tx.id }, { singletonKey: `${tx.id}:notify` });
      } else if (verification.status === 'CANCELLED') {
        await store.transition(tx.id, 'CANCELLED', { reason: 'Payment cancelled', data: { source } });
      }
      return store.find(transactionId);
    },

    /** The browser's return from the gateway: only a hint to verify now. */
    async handleCallback(gateway: string, reference: string | undefined) {
      if (!reference) throw new AppError('BAD_REQUEST', { message: 'Missing payment reference' });
      const tx = (await store.findByProviderReference(reference)) ?? (await store.find(reference));
      if (!tx || (tx.paymentGateway ?? '').toLowerCase() !== gateway.toLowerCase()) {
        throw new AppError('NOT_FOUND', { message: 'Unknown payment reference' });
      }
      await service.settle(tx.id, 'callback');
      return tx.id;
    },

    /** A provider notification: verified, recorded once, then applied by a job. */
    async handleWebhook(gateway: string, rawBody: string, headers: Record<string, string | string[] | undefined>) {
      const provider = deps.providers.get(gateway.toLowerCase());
      if (!provider) throw new AppError('NOT_FOUND');
      const action = provider.parseWebhook(rawBody, headers);
      if (!action) throw new AppError('BAD_SIGNATURE');
      const tx = await store.findByProviderReference(action.reference);
      if (!tx) return; // Not ours: acknowledged and ignored.
      const fresh = await store.recordProviderEvent({ provider: provider.id, ...action });
      if (fresh) await jobs.send(JOBS.settle, { transactionId: tx.id, source: 'webhook' });
    },

    /** Gives the value once; on a final failure, reverses and refunds within the 30-second rule. */
    async fulfil(transactionId: string) {
      const tx = await store.find(transactionId);
      if (!tx || tx.state !== 'PAID') return;
      let lastError: unknown;
      for (let attempt = 0; attempt < FULFIL_ATTEMPTS; attempt++) {
        try {
          await deps.core.apply(fulfilmentOperation(tx));
          const done = await store.transition(tx.id, 'FULFILLED', { set: { statusReason: null } });
          if (done) await jobs.send(JOBS.notify, { transactionId: tx.id }, { singletonKey: `${tx.id}:notify` });
          return;
        } catch (error) {
          lastError = error;
          const final = error instanceof InsufficientBalanceError || (error instanceof UpstreamError && !error.indeterminate);
          log.warn({ err: error, transactionId, attempt }, 'fulfilment attempt failed');
          if (final) break;
          if (attempt < FULFIL_ATTEMPTS - 1) await sleep(FULFIL_RETRY_MS[attempt] ?? 3_000);
        }
      }
      const reason =
        lastError instanceof UpstreamError && lastError.kind === 'client'
          ? 'We could not deliver your purchase. Your payment is being refunded.'
          : 'Our network could not deliver your purchase in time. Your payment is being refunded.';
      const moved = await store.transition(tx.id, 'REFUND_PENDING', { reason });
      if (moved) await jobs.send(JOBS.refund, { transactionId: tx.id }, { singletonKey: `${tx.id}:refund` });
    },

    async refund(transactionId: string) {
      const tx = await store.find(transactionId);
      if (!tx || tx.state !== 'REFUND_PENDING' || !tx.providerReference) return;
      // If a timed-out credit did land after all, take it back before returning the money.
      await deps.core.apply(reversalOperation(tx)).catch((error: unknown) => {
        if (!(error instanceof UpstreamError && error.status === 404)) throw error;
      });
      await providerFor(tx).refund(tx.providerReference, tx.amountKobo);
      const done = await store.transition(tx.id, 'REFUNDED', {
        reason: 'We could not deliver your purchase. Your payment has been refunded.',
      });
      if (done) await jobs.send(JOBS.notify, { transactionId: tx.id }, { singletonKey: `${tx.id}:notify` });
    },

    /** Tells the subscriber the outcome by SMS. */
    async notify(transactionId: string) {
      const tx = await store.find(transactionId);
      if (!tx) return;
      const config = await deps.config();
      const amount = `NGN ${fromKobo(tx.amountKobo).toLocaleString('en-US')}`;
      const what = tx.transactionType.replace(/_/g, ' ').toLowerCase();
      const text =
        tx.state === 'FULFILLED'
          ? `${config.brandName}: your ${what} of ${amount} was successful. Ref ${tx.id}.`
          : `${config.brandName}: your ${what} of ${amount} was not successful${tx.statusReason ? ` (${tx.statusReason})` : ''}. Ref ${tx.id}.`;
      await deps.sms.send(tx.msisdn, text);
    },

    /** Settles what a crash, a lost notification or a timeout left behind. */
    async reconcile() {
      for (const tx of await store.stale(['PENDING'], 20)) await service.settle(tx.id, 'reconcile');
      for (const tx of await store.stale(['PAID'], 10)) await jobs.send(JOBS.fulfil, { transactionId: tx.id }, { singletonKey: tx.id });
      for (const tx of await store.stale(['REFUND_PENDING'], 10)) {
        await jobs.send(JOBS.refund, { transactionId: tx.id }, { singletonKey: `${tx.id}:refund` });
      }
      const expiry = deps.pendingExpiryMinutes * 60;
      for (const tx of await store.stale(['CREATED', 'PENDING'], expiry)) {
        const settled = await service.settle(tx.id, 'reconcile');
        if (settled && (settled.state === 'CREATED' || settled.state === 'PENDING')) {
          await store.transition(tx.id, 'EXPIRED', { reason: 'Payment was not completed in time' });
        }
      }
    },

    async status(transactionId: string): Promise<TransactionStatusResult> {
      const tx = await store.find(transactionId);
      if (!tx) throw new AppError('NOT_FOUND', { message: 'Unknown transaction' });
      return toStatusResult(tx);
    },
  };
  return service;
}

export function toStatusResult(tx: TransactionRow): TransactionStatusResult {
  const state = tx.state as State;
  return {
    status: displayStatusOf(state),
    transactionStatus: state,
    transactionId: tx.id,
    refTransactionId: tx.providerReference,
    transactionType: tx.transactionType as TransactionStatusResult['transactionType'],
    paymentMode: tx.paymentMode as TransactionStatusResult['paymentMode'],
    paymentGateway: tx.paymentGateway,
    mobileNumber: tx.msisdn.slice(3),
    msisdn: tx.msisdn,
    amount: fromKobo(tx.amountKobo),
    currencyCode: tx.currency,
    accountId: tx.accountId,
    invoiceNumber: tx.invoiceNumber,
    bundleDescription: tx.bundleDescription,
    statusReason: state === 'FULFILLED' ? null : tx.statusReason,
    metaInfo: { leadId: tx.leadId },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
export type { InitiateRequest, ProcessRequest };
