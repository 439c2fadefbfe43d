import {
  type ConfigData,
  type initiateRequest,
  type PaymentOption,
  type processRequest,
  type TransactionType,
} from '@portal/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { buildReceipt, hasReceipt, receiptPdf } from '../receipts/receipt.js';
import { createPaymentContext, type PaymentDeps } from './context.js';
import { fulfilAtOnce } from './fulfil-at-once.js';
import { fulfilPayment } from './fulfil-payment.js';
import { refundPayment, reversePayment } from './refund-payment.js';
import { notifyPayment } from './notify-payment.js';
import { createStatusReader } from './payment-status.js';
import { watchPayments } from './watch-payments.js';
import { initiatePayment, type InitiateContext } from './initiate-payment.js';
import { holdsAirtime, lineOf } from './airtime-rule.js';
import { onlyMobileMoney, paymentOptionsFor } from './methods.js';
import { reconcilePayments } from './reconcile-payments.js';
import { checkAttempts, handleReturn, handleWebhook, settlePayment } from './settle-payment.js';
import { processPayment } from './start-payment.js';

export { JOBS, newTransactionId, type BundleInfo, type PaymentDeps } from './context.js';
export { CLOSED_RECHECK_AFTER_SECONDS } from './reconcile-payments.js';

type InitiateBody = z.output<typeof initiateRequest>;
type ProcessBody = z.output<typeof processRequest>;

/**
 * The status page in the language the purchase was made in ('/yo/payment/status?id=...'): the gateway
 * returns a browser to an address without the page's language, and a browser without JavaScript would
 * otherwise read the outcome in English. A language the market no longer lists gets the default's page.
 */
export function statusPagePath(config: Pick<ConfigData, 'languages'>, language: string, id: string): string {
  const prefix = config.languages.find((l) => l.code === language)?.prefix ?? '';
  return `${prefix}/payment/status?id=${encodeURIComponent(id)}`;
}

/**
 * The payments module: each use case in its own file (initiate, start, settle, fulfil, refund, reconcile,
 * watch, notify, status), sharing one context; this puts them together with the small reads (options,
 * exchange rate, receipt, metrics).
 */
export function createPaymentService(deps: PaymentDeps) {
  const ctx = createPaymentContext(deps);
  const { store } = ctx;

  /** The providers that can charge in this currency (one without a list charges in the market's). */
  function providersFor(currency: string): Set<string> {
    return new Set(
      [...deps.providers.values()]
        .filter((p) => !p.currencies || p.currencies.includes(currency))
        .map((p) => p.id),
    );
  }

  const service = {
    /**
     * The methods for this purchase: they follow the market and amount, and the line of the number sent as
     * the core knows it (the browser's `subscriberType` is not trusted), which decides airtime.
     */
    async paymentOptions(request: {
      transactionType: TransactionType;
      amount: number;
      mobileNumber: string;
    }): Promise<PaymentOption[]> {
      const config = await deps.config();
      return paymentOptionsFor({
        transactionType: request.transactionType,
        providers: providersFor(config.currency),
        enableAmPin: config.enableAmPin,
        dualCurrencyUnderOneUsd: onlyMobileMoney(config, request.amount),
        airtimeOffered: holdsAirtime(await lineOf(deps.subscribers, request.mobileNumber)),
      });
    },

    initiate: (body: InitiateBody, context: InitiateContext) => initiatePayment(ctx, body, context),
    process: (body: ProcessBody, context: { authorization?: string | undefined } = {}) =>
      processPayment(ctx, body, context),
    settle: (transactionId: string, source: string) => settlePayment(ctx, transactionId, source),
    /** The browser's return from a gateway: the payment settled as far as it can be, and its status page. */
    async handleCallback(
      gateway: string,
      reference: string | undefined,
      status?: string,
      cancelToken?: string,
    ) {
      const { transactionId, language } = await handleReturn(ctx, {
        gateway,
        reference,
        status,
        ...(cancelToken !== undefined ? { cancelToken } : {}),
      });
      return { transactionId, statusPage: statusPagePath(await deps.config(), language, transactionId) };
    },
    handleWebhook: (
      gateway: string,
      rawBody: string,
      headers: Record<string, string | string[] | undefined>,
    ) => handleWebhook(ctx, gateway, rawBody, headers),
    fulfil: (transactionId: string) => fulfilPayment(ctx, transactionId),
    /** From now on, payments this instance sees paid are fulfilled here at once (it runs jobs). */
    fulfilPaidHere(limit?: number) {
      const runner = fulfilAtOnce((id) => fulfilPayment(ctx, id), ctx.log, limit);
      ctx.fulfilHere = runner.start;
      return runner;
    },
    refund: (transactionId: string) => refundPayment(ctx, transactionId),
    reverse: (transactionId: string) => reversePayment(ctx, transactionId),
    checkAttempts: (transactionId: string) => checkAttempts(ctx, transactionId),
    reconcile: () => reconcilePayments(ctx),
    watch: () => watchPayments(ctx),

    notify: (transactionId: string) => notifyPayment(ctx, transactionId),

    /**
     * For the operator's dashboards and alerts: payments still open per state (and how long the oldest has
     * waited: a PAID one waiting long means value is late), and payments closed in the last hour per state.
     */
    async metricsSnapshot() {
      const open = await store.countByState(['CREATED', 'STARTING', 'PENDING', 'PAID', 'REFUND_PENDING']);
      const closed = await store.enteredSince(
        ['FULFILLED', 'REFUNDED', 'FAILED', 'CANCELLED', 'EXPIRED'],
        3600,
      );
      return { open, closedLastHour: closed, reversalsPending: await store.reversalsPending() };
    },

    /** Rates are market configuration; an unknown pair is a clear error, not a guess. */
    async exchangeRate(input: { fromCurrency: string; toCurrency: string; amount: number }) {
      const rates = (await deps.config()).exchangeRates;
      const direct = rates[`${input.fromCurrency}:${input.toCurrency}`];
      const inverse = rates[`${input.toCurrency}:${input.fromCurrency}`];
      const rate =
        input.fromCurrency === input.toCurrency ? 1 : (direct ?? (inverse ? 1 / inverse : undefined));
      if (rate === undefined) {
        throw new AppError('NO_EXCHANGE_RATE', {
          params: { from: input.fromCurrency, to: input.toCurrency },
        });
      }
      return { convertedAmount: Math.round(input.amount * rate * 100) / 100, rate };
    },

    /** The receipt of a final payment as PDF, in `language`; undefined while the payment is not final. */
    async receipt(transactionId: string, language: string): Promise<Buffer | undefined> {
      const tx = await store.find(transactionId);
      if (!tx) throw new AppError('TRANSACTION_NOT_FOUND');
      if (!hasReceipt(tx.state)) return undefined;
      return receiptPdf(buildReceipt(tx, await deps.config(), language), tx.id);
    },

    status: createStatusReader(ctx, deps.statusRead ?? store.find),

    async events(transactionId: string) {
      return store.events(transactionId);
    },
  };
  return service;
}

export type PaymentService = ReturnType<typeof createPaymentService>;
