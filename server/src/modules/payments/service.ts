import { createHash, randomBytes } from 'node:crypto';
import {
  airtimePayerError,
  fromKobo,
  toInternational,
  toKobo,
  toPaymentMobile,
  PATHS,
  type ConfigData,
  type initiateRequest,
  type PaymentOption,
  type processRequest,
  type TransactionStatusResult,
  type LineType,
  type TransactionType,
} from '@portal/contract';
import type { z } from 'zod';
import { AppError, isAppError } from '../../lib/app-error.js';
import type { JobQueue } from '../../lib/jobs.js';
import type { Logger } from '../../lib/logger.js';
import { InsufficientBalanceError, type CorePort } from '../../upstream/core.js';
import { UpstreamError } from '../../upstream/http.js';
import type { ChargeContext, PaymentProvider, Verification } from '../../upstream/gateways/provider.js';
import type { SmsPort } from '../../upstream/sms.js';
import type { OtpService } from '../otp/service.js';
import type { SubscriberService } from '../subscriber/service.js';
import { fulfilmentOperation, reversalOperation } from './fulfilment.js';
import { onlyMobileMoney, paymentOptionsFor, ruleOf, type MethodRule } from './methods.js';
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
/**
 * When a payment closed without money (CANCELLED, EXPIRED) is asked about again: money that arrives late
 * (a slow bank transfer, a popup closed while the bank finished) with its webhook lost, or from a gateway
 * that sends none (DPO), is still found and delivered. A few checks, not a poll for ever.
 */
export const CLOSED_RECHECK_AFTER_SECONDS = [5 * 60, 60 * 60, 6 * 60 * 60, 24 * 60 * 60];

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

type InitiateBody = z.output<typeof initiateRequest>;
type ProcessBody = z.output<typeof processRequest>;

type Deps = {
  store: PaymentStore;
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
  findBundle?: (
    productCode: string,
    buyer: { lineType: LineType; broadband: boolean },
  ) => Promise<BundleInfo | undefined>;
  /** Home-broadband leads: what a lead's payment must be, and recording that it was paid. */
  leads?: {
    forPayment: (
      leadId: string,
    ) => Promise<{ amount: number; currency: string; payable: boolean } | undefined>;
    markPaid: (leadId: string, transactionId: string) => Promise<boolean>;
  };
  publicBaseUrl: () => string;
  pendingExpiryMinutes: number;
  /** How often reconciliation runs; closed payments are re-checked in windows of twice this. */
  reconcileIntervalSeconds: number;
  log: Logger;
};

export function newTransactionId(): string {
  return `TX${Date.now().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`;
}

function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function requireRule(mode: string): MethodRule {
  const rule = ruleOf(mode);
  if (!rule) throw new AppError('METHOD_UNAVAILABLE');
  return rule;
}

/** Who pays: the payment mobile for wallet and airtime methods, else the subscriber. */
function payerOf(tx: Pick<TransactionRow, 'paymentMobile' | 'msisdn'>): string {
  return tx.paymentMobile ? toInternational(tx.paymentMobile) : tx.msisdn;
}

export function createPaymentService(deps: Deps) {
  const { store, jobs, log } = deps;

  function providerFor(tx: Pick<TransactionRow, 'paymentGateway' | 'paymentMode'>): PaymentProvider {
    const provider = deps.providers.get(requireRule(tx.paymentMode).provider(tx.paymentGateway));
    if (!provider) throw new AppError('METHOD_UNAVAILABLE');
    return provider;
  }

  function chargeOf(tx: TransactionRow): ChargeContext {
    return {
      reference: tx.providerReference ?? tx.id,
      msisdn: payerOf(tx),
      amountKobo: tx.amountKobo,
      currency: tx.currency,
    };
  }

  /** The providers that can charge in this currency (one without a list charges in the market's). */
  function providersFor(currency: string): Set<string> {
    return new Set(
      [...deps.providers.values()]
        .filter((p) => !p.currencies || p.currencies.includes(currency))
        .map((p) => p.id),
    );
  }

  /** The method must be one the payment page would offer; the page is not the only client. */
  async function checkMethod(body: InitiateBody, payer: string) {
    const provider = requireRule(body.paymentMode).provider(body.paymentGateway || null);
    const selfRecharge =
      provider === 'airtime' ? airtimePayerError(body.transactionType, body.mobileNumber, payer) : undefined;
    if (selfRecharge) throw new AppError('BAD_REQUEST', { message: selfRecharge });
    if (!deps.providers.has(provider)) throw new AppError('METHOD_UNAVAILABLE');
    if (!providersFor(body.currencyCode).has(provider)) {
      throw new AppError('METHOD_UNAVAILABLE', {
        message: `This payment method does not take ${body.currencyCode}.`,
      });
    }
    if (onlyMobileMoney(await deps.config(), body.amount) && provider !== 'momo') {
      throw new AppError('METHOD_UNAVAILABLE', { message: 'Under 1 USD only mobile money can be used.' });
    }
  }

  async function limitsFor(type: TransactionType) {
    const c = await deps.config();
    return type === 'POSTPAID_BILL'
      ? { min: c.postMinAmnt, max: c.postMaxAmnt, currency: c.currency }
      : { min: c.preMinAmnt, max: c.preMaxAmnt, currency: c.currency };
  }

  /**
   * What the portal checks before any money moves: the number, the line type, the amount, the currency
   * and the product. The currency is the product's own: the lead's, the bundle's, else the market's.
   */
  async function checkPurchase(body: InitiateBody): Promise<{ bundle?: BundleInfo }> {
    const wrongCurrency = (expected: string) =>
      new AppError('BAD_REQUEST', {
        message: `Unsupported currency ${body.currencyCode}: this purchase is in ${expected}.`,
      });
    if (body.transactionType === 'HBB_LEADS') {
      // The lead fixes the price; a lead that is not awaiting payment takes none.
      const lead = body.txnId && deps.leads ? await deps.leads.forPayment(body.txnId) : undefined;
      if (!lead) throw new AppError('BAD_REQUEST', { message: 'Unknown lead' });
      if (!lead.payable)
        throw new AppError('INVALID_STATE', { message: 'This lead does not take a payment now.' });
      if (toKobo(lead.amount) !== toKobo(body.amount) || lead.currency !== body.currencyCode) {
        throw new AppError('BAD_REQUEST', { message: 'The amount does not match the lead.' });
      }
      return {};
    }
    const subscriber = await deps.subscribers.requireSubscriber(body.mobileNumber);
    if (body.transactionType === 'PREPAID_RECHARGE' && subscriber.lineType !== 'PREPAID') {
      throw new AppError('LINE_TYPE_MISMATCH');
    }
    if (
      body.transactionType === 'POSTPAID_BILL' &&
      subscriber.lineType === 'PREPAID' &&
      !body.invoiceNumber
    ) {
      throw new AppError('LINE_TYPE_MISMATCH');
    }
    if (body.transactionType === 'PREPAID_RECHARGE' || body.transactionType === 'POSTPAID_BILL') {
      const { min, max, currency } = await limitsFor(body.transactionType);
      if (body.currencyCode !== currency) throw wrongCurrency(currency);
      if (body.amount < min || body.amount > max) {
        throw new AppError('AMOUNT_OUT_OF_RANGE', {
          message: `Amount must be between ${currency} ${min} and ${currency} ${max}`,
        });
      }
      return {};
    }
    // Bundles: the price is the catalogue's, never the browser's.
    if (!deps.findBundle) throw new AppError('METHOD_UNAVAILABLE', { message: 'Bundles are not available' });
    const bundle = await deps.findBundle(body.productCode, subscriber);
    if (!bundle) throw new AppError('BAD_REQUEST', { message: 'Unknown bundle' });
    // The list only shows what the line may buy; initiate holds to the same rule for any client.
    if (!bundle.offered)
      throw new AppError('BAD_REQUEST', { message: 'This bundle is not available for this number.' });
    if (toKobo(bundle.amount) !== toKobo(body.amount))
      throw new AppError('BAD_REQUEST', { message: 'Bundle price has changed' });
    if (bundle.currency !== body.currencyCode) throw wrongCurrency(bundle.currency);
    return { bundle };
  }

  async function markPaid(tx: TransactionRow, verification: Verification, source: string) {
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
      return;
    }
    const paid = await store.transition(tx.id, 'PAID', { data: { source } });
    if (paid) await jobs.send(JOBS.fulfil, { transactionId: tx.id }, { singletonKey: tx.id });
  }

  async function applyVerification(tx: TransactionRow, verification: Verification, source: string) {
    if (verification.status === 'PAID') await markPaid(tx, verification, source);
    else if (verification.status === 'FAILED') {
      const failed = await store.transition(tx.id, 'FAILED', {
        reason: verification.reason ?? 'Payment declined',
        data: { source },
      });
      if (failed) await jobs.send(JOBS.notify, { transactionId: tx.id }, { singletonKey: `${tx.id}:notify` });
    } else if (verification.status === 'CANCELLED') {
      await store.transition(tx.id, 'CANCELLED', { reason: 'Payment cancelled', data: { source } });
    }
  }

  const service = {
    async paymentOptions(request: {
      transactionType: TransactionType;
      amount: number;
    }): Promise<PaymentOption[]> {
      const config = await deps.config();
      return paymentOptionsFor({
        transactionType: request.transactionType,
        providers: providersFor(config.currency),
        enableAmPin: config.enableAmPin,
        dualCurrencyUnderOneUsd: onlyMobileMoney(config, request.amount),
      });
    },

    /**
     * Creates the transaction, once per idempotency key: the same key with the same purchase returns the
     * same transaction, with another purchase it is refused.
     */
    async initiate(
      body: InitiateBody,
      context: { idempotencyKey?: string | undefined; authorization?: string | undefined },
    ) {
      const rule = requireRule(body.paymentMode);
      const payer = body.paymentMobile || toPaymentMobile(body.mobileNumber);
      const request = { ...body, uniqueCode: undefined };
      const requestHash = hashOf(request);
      if (context.idempotencyKey) {
        const existing = await store.findByIdempotencyKey(context.idempotencyKey);
        if (existing) {
          if (existing.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_CONFLICT');
          return {
            transactionId: existing.id,
            ...(rule.needsPin ? { encryptionKeyDetails: { key: deps.pinPublicKey } } : {}),
          };
        }
      }
      const { bundle } = await checkPurchase(body);
      await checkMethod(body, payer);
      if (rule.needsPin) deps.otp.verifyAccessToken(context.authorization, payer);
      if (rule.needsOtp) {
        await deps.otp.useUniqueCode(body.uniqueCode, {
          msisdn: payer,
          purposes: ['PAYMENT'],
          amount: body.amount,
        });
      }
      const { row, created } = await store.insertOnce({
        id: newTransactionId(),
        idempotencyKey: context.idempotencyKey ?? `auto:${newTransactionId()}`,
        requestHash,
        state: 'CREATED',
        transactionType: body.transactionType,
        paymentMode: body.paymentMode,
        paymentGateway: body.paymentGateway || null,
        msisdn: toInternational(body.mobileNumber),
        paymentMobile: payer,
        email: body.emailId || null,
        amountKobo: toKobo(body.amount),
        currency: body.currencyCode,
        productCode: body.productCode || null,
        bundleDescription: bundle?.description ?? (body.bundleDescription || null),
        accountId: body.accountId || null,
        invoiceNumber: body.invoiceNumber || null,
        leadId: body.txnId || null,
        meta: bundle ? { bundle: { dataMb: bundle.dataMb, validityDays: bundle.validityDays } } : {},
      });
      if (!created && row.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_CONFLICT');
      return {
        transactionId: row.id,
        ...(rule.needsPin ? { encryptionKeyDetails: { key: deps.pinPublicKey } } : {}),
      };
    },

    /** Starts the charge. Calling it again for a started charge answers the same, it never charges twice. */
    async process(body: ProcessBody, context: { authorization?: string | undefined } = {}) {
      const tx = await store.find(body.transactionId);
      if (!tx) throw new AppError('NOT_FOUND', { message: 'Unknown transaction' });
      if (tx.paymentMode !== body.paymentMode) throw new AppError('INVALID_STATE');
      const rule = requireRule(tx.paymentMode);
      if (tx.state !== 'CREATED') {
        if (tx.state === 'PENDING' || tx.state === 'PAID' || tx.state === 'FULFILLED') {
          const redirectUrl =
            typeof tx.meta['redirectUrl'] === 'string' ? (tx.meta['redirectUrl'] as string) : undefined;
          return {
            transactionId: tx.id,
            ...(redirectUrl ? { redirectUrl } : {}),
            reference: tx.providerReference ?? tx.id,
          };
        }
        throw new AppError('INVALID_STATE');
      }
      let pin: string | undefined;
      if (rule.needsPin) {
        deps.otp.verifyAccessToken(context.authorization, payerOf(tx));
        if (!body.amPin) throw new AppError('BAD_REQUEST', { message: 'PIN is required' });
        pin = deps.decryptPin(body.amPin);
      }
      const provider = providerFor(tx);
      // A start that timed out may have reached the gateway: a retry uses a new reference, so it can
      // never collide with (nor be confused for) the first, which no browser ever saw.
      const attempt = Number(tx.meta['startAttempts'] ?? 0) + 1;
      await store.update(tx.id, { meta: { ...tx.meta, startAttempts: attempt } });
      const reference = attempt === 1 ? tx.id : `${tx.id}-R${attempt}`;
      let start;
      try {
        start = await provider.start({
          reference,
          amountKobo: tx.amountKobo,
          currency: tx.currency,
          email: tx.email ?? '',
          msisdn: payerOf(tx),
          callbackUrl: `${deps.publicBaseUrl()}${PATHS.pgCallback(provider.id)}`,
          notifyUrl: `${deps.publicBaseUrl()}${PATHS.webhook(provider.id)}`,
          description: tx.bundleDescription ?? tx.transactionType.replace(/_/g, ' '),
          ...(pin !== undefined ? { pin } : {}),
        });
      } catch (error) {
        if (isAppError(error)) {
          // A locked wallet ends this attempt; a wrong PIN leaves it open for another try.
          if (
            error.errorName === 'WALLET_LOCKED' ||
            error.errorName === 'INVALID_USER' ||
            error.errorName === 'INSUFFICIENT_BALANCE'
          ) {
            await store.transition(tx.id, 'FAILED', { reason: error.message });
          }
          throw error;
        }
        const viaGateway = tx.paymentMode === 'PAYMENT_GATEWAY' || tx.paymentMode === 'HBB_LEADS';
        if (error instanceof UpstreamError && error.indeterminate && !viaGateway) {
          // The provider may have acted: keep the charge open and let reconciliation ask.
          await store.transition(tx.id, 'PENDING', {
            set: { providerReference: tx.id },
            reason: 'Waiting for the provider',
          });
          return { transactionId: tx.id, reference: tx.id };
        }
        log.warn({ err: error, transactionId: tx.id }, 'payment start failed');
        throw new AppError('UPSTREAM_UNAVAILABLE', { cause: error });
      }
      const meta = {
        ...tx.meta,
        startAttempts: attempt,
        ...(start.kind === 'redirect' ? { redirectUrl: start.redirectUrl } : {}),
      };
      const moved = await store.transition(tx.id, 'PENDING', {
        set: { providerReference: start.providerReference, meta },
        data: { provider: provider.id },
      });
      if (!moved) throw new AppError('INVALID_STATE');
      if (start.kind === 'charged') await applyVerification(moved, start.verification, 'charge');
      return {
        transactionId: tx.id,
        ...(start.kind === 'redirect'
          ? { redirectUrl: start.redirectUrl, accessCode: start.accessCode }
          : {}),
        reference: start.providerReference,
      };
    },

    /**
     * Asks the provider where the charge stands and moves the transaction accordingly. A payment closed
     * without money (CANCELLED, EXPIRED) is asked too: a late confirmation of payment reopens it.
     */
    async settle(transactionId: string, source: string) {
      const tx = await store.find(transactionId);
      if (!tx || !tx.providerReference) return tx;
      const closedWithoutMoney = tx.state === 'CANCELLED' || tx.state === 'EXPIRED';
      if (tx.state !== 'PENDING' && !closedWithoutMoney) return tx;
      let verification: Verification;
      try {
        verification = await providerFor(tx).verify(chargeOf(tx));
      } catch (error) {
        // A timeout is not a failure: the reconciliation job asks again.
        log.warn({ err: error, transactionId }, 'verification failed; will retry');
        return tx;
      }
      if (closedWithoutMoney) {
        if (verification.status === 'PAID') {
          log.warn({ transactionId, state: tx.state, source }, 'late payment confirmed; delivering');
          await markPaid(tx, verification, `${source}:late`);
        }
      } else {
        await applyVerification(tx, verification, source);
      }
      return store.find(transactionId);
    },

    /**
     * The browser's return from the gateway: a hint to verify now. A return that says the subscriber
     * cancelled closes the payment when the provider confirms nothing was paid (the provider may still
     * call it unfinished); should the money arrive after all, `settle` reopens it.
     */
    async handleCallback(gateway: string, reference: string | undefined, browserStatus?: string) {
      if (!reference) throw new AppError('BAD_REQUEST', { message: 'Missing payment reference' });
      const tx = (await store.findByProviderReference(reference)) ?? (await store.find(reference));
      if (!tx || (tx.paymentGateway ?? '').toLowerCase() !== gateway.toLowerCase()) {
        throw new AppError('NOT_FOUND', { message: 'Unknown payment reference' });
      }
      const settled = await service.settle(tx.id, 'callback');
      if (
        browserStatus?.toUpperCase() === 'CANCELLED' &&
        settled &&
        (settled.state === 'PENDING' || settled.state === 'CREATED')
      ) {
        await store.transition(tx.id, 'CANCELLED', {
          reason: 'Payment cancelled',
          data: { source: 'callback:cancelled' },
        });
      }
      return tx.id;
    },

    /** A provider notification: verified, recorded once, then applied by a job. */
    async handleWebhook(
      gateway: string,
      rawBody: string,
      headers: Record<string, string | string[] | undefined>,
    ) {
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
      if (tx.transactionType === 'HBB_LEADS') {
        // A lead's payment is recorded against the lead; installation follows outside the portal.
        if (tx.leadId && deps.leads) await deps.leads.markPaid(tx.leadId, tx.id);
        const done = await store.transition(tx.id, 'FULFILLED', { set: { statusReason: null } });
        if (done) await jobs.send(JOBS.notify, { transactionId: tx.id }, { singletonKey: `${tx.id}:notify` });
        return;
      }
      let lastError: unknown;
      for (let attempt = 0; attempt < FULFIL_ATTEMPTS; attempt++) {
        try {
          await deps.core.apply(fulfilmentOperation(tx));
          const done = await store.transition(tx.id, 'FULFILLED', { set: { statusReason: null } });
          if (done)
            await jobs.send(JOBS.notify, { transactionId: tx.id }, { singletonKey: `${tx.id}:notify` });
          return;
        } catch (error) {
          lastError = error;
          const final =
            error instanceof InsufficientBalanceError ||
            (error instanceof UpstreamError && !error.indeterminate);
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
      if (moved)
        await service.refund(tx.id).catch(async (error: unknown) => {
          log.warn({ err: error, transactionId }, 'refund failed; queued');
          await jobs.send(JOBS.refund, { transactionId: tx.id }, { singletonKey: `${tx.id}:refund` });
        });
    },

    async refund(transactionId: string) {
      const tx = await store.find(transactionId);
      if (!tx || tx.state !== 'REFUND_PENDING') return;
      // If a timed-out credit did land after all, take it back before returning the money.
      if (tx.transactionType !== 'HBB_LEADS') {
        // Nothing to reverse (404 OPERATION_NOT_FOUND) is the usual case: the credit never landed.
        await deps.core.apply(reversalOperation(tx)).catch((error: unknown) => {
          if (!(error instanceof UpstreamError && error.status === 404)) throw error;
        });
      }
      await providerFor(tx).refund(chargeOf(tx));
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
      const amount = `${tx.currency} ${fromKobo(tx.amountKobo).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
      const what = tx.transactionType.replace(/_/g, ' ').toLowerCase();
      const text =
        tx.state === 'FULFILLED'
          ? `${config.brandName}: your ${what} of ${amount} was successful. Ref ${tx.id}.`
          : `${config.brandName}: your ${what} of ${amount} was not successful${tx.statusReason ? ` (${tx.statusReason})` : ''}. Ref ${tx.id}.`;
      await deps.sms.send(tx.msisdn, text);
    },

    /** Settles what a crash, a lost notification or a timeout left behind. */
    async reconcile() {
      for (const tx of await store.stale(['PENDING'], 15)) await service.settle(tx.id, 'reconcile');
      for (const tx of await store.stale(['PAID'], 10)) {
        await jobs.send(JOBS.fulfil, { transactionId: tx.id }, { singletonKey: tx.id });
      }
      for (const tx of await store.stale(['REFUND_PENDING'], 10)) {
        await jobs.send(JOBS.refund, { transactionId: tx.id }, { singletonKey: `${tx.id}:refund` });
      }
      const expiry = deps.pendingExpiryMinutes * 60;
      for (const tx of await store.stale(['CREATED', 'PENDING'], expiry)) {
        const settled = tx.state === 'PENDING' ? await service.settle(tx.id, 'reconcile') : tx;
        if (settled && (settled.state === 'CREATED' || settled.state === 'PENDING')) {
          await store.transition(tx.id, 'EXPIRED', { reason: 'Payment was not completed in time' });
        }
      }
      // Each closed payment falls in each window once: runs are one interval apart, windows two wide.
      const window = 2 * deps.reconcileIntervalSeconds;
      for (const age of CLOSED_RECHECK_AFTER_SECONDS) {
        for (const tx of await store.changedAround(['CANCELLED', 'EXPIRED'], age, window)) {
          await service.settle(tx.id, 'reconcile');
        }
      }
    },

    /**
     * For the operator's dashboards and alerts: payments still open per state (and how long the oldest has
     * waited: a PAID one waiting long means value is late), and payments closed in the last hour per state.
     */
    async metricsSnapshot() {
      const open = await store.countByState(['CREATED', 'PENDING', 'PAID', 'REFUND_PENDING']);
      const closed = await store.enteredSince(
        ['FULFILLED', 'REFUNDED', 'FAILED', 'CANCELLED', 'EXPIRED'],
        3600,
      );
      return { open, closedLastHour: closed };
    },

    /** Rates are market configuration; an unknown pair is a clear error, not a guess. */
    async exchangeRate(input: { fromCurrency: string; toCurrency: string; amount: number }) {
      const rates = (await deps.config()).exchangeRates;
      const direct = rates[`${input.fromCurrency}:${input.toCurrency}`];
      const inverse = rates[`${input.toCurrency}:${input.fromCurrency}`];
      const rate =
        input.fromCurrency === input.toCurrency ? 1 : (direct ?? (inverse ? 1 / inverse : undefined));
      if (rate === undefined) {
        throw new AppError('BAD_REQUEST', {
          message: `No exchange rate for ${input.fromCurrency} to ${input.toCurrency}`,
        });
      }
      return { convertedAmount: Math.round(input.amount * rate * 100) / 100, rate };
    },

    async status(transactionId: string): Promise<TransactionStatusResult> {
      const tx = await store.find(transactionId);
      if (!tx) throw new AppError('NOT_FOUND', { message: 'Unknown transaction' });
      // A subscriber watching a pending payment is a good moment to ask the provider (lost notifications).
      if (tx.state === 'PENDING' && Date.now() - tx.updatedAt.getTime() > 5_000) {
        await jobs
          .send(
            JOBS.settle,
            { transactionId: tx.id, source: 'status' },
            { singletonKey: `${tx.id}:settle:${Math.floor(Date.now() / 5000)}` },
          )
          .catch(() => undefined);
      }
      return toStatusResult(tx);
    },

    async events(transactionId: string) {
      return store.events(transactionId);
    },
  };
  return service;
}

export function toStatusResult(tx: TransactionRow): TransactionStatusResult {
  const state = tx.state as State;
  const push = ruleOf(tx.paymentMode)?.push ?? false;
  return {
    status: state === 'PENDING' && push ? 'IN_PROCESS' : displayStatusOf(state),
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
