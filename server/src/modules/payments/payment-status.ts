import { fromKobo, maskAllButLastFour, type TransactionStatusResult } from '@portal/contract';
import { AppError } from '../../lib/app-error.js';
import type { PaymentContext } from './context.js';
import { ruleOf } from './methods.js';
import { statusReasonIn } from './status-reason.js';
import { displayStatusOf, type State } from './state-machine.js';
import type { TransactionRow } from './store.js';

/** How often one instance asks to settle a pending payment that a page is watching. */
const SETTLE_ASK_MS = 5_000;

/**
 * The status call. A subscriber watching a pending payment is a good moment to ask the provider (a lost
 * notification), so a payment pending for more than 5 s gets a settle job: one per payment and 5 s window
 * from this instance, so a page polling (or a crowd) costs no writes.
 */
export function createStatusReader(
  ctx: PaymentContext,
  read: (id: string) => Promise<TransactionRow | undefined>,
) {
  /** The 5 s window in which this instance last asked to settle a pending payment, by transaction id. */
  const settleAsked = new Map<string, number>();

  async function askToSettle(tx: TransactionRow) {
    const window = Math.floor(Date.now() / SETTLE_ASK_MS);
    if (settleAsked.get(tx.id) === window) return;
    if (settleAsked.size >= 10_000) settleAsked.clear();
    settleAsked.set(tx.id, window);
    await ctx.queue.settle(tx.id, 'status', `${tx.id}:settle:${window}`).catch(() => undefined);
  }

  const noParams = () => Promise.resolve({});
  /** The payment's provider; none for a method no longer configured (its old payments still show). */
  const providerOf = (tx: TransactionRow) => {
    try {
      return ctx.method(tx).provider;
    } catch {
      return undefined;
    }
  };

  /** `language`: the request's, which the reason is answered in. */
  return async function status(transactionId: string, language = 'en'): Promise<TransactionStatusResult> {
    const tx = await read(transactionId);
    if (!tx) throw new AppError('TRANSACTION_NOT_FOUND');
    if (tx.state === 'PENDING' && Date.now() - tx.updatedAt.getTime() > SETTLE_ASK_MS) await askToSettle(tx);
    const result = toStatusResult(tx);
    if (!result.statusReason) return result;
    const lockedParams = providerOf(tx)?.lockedParams ?? noParams;
    return { ...result, statusReason: await statusReasonIn(result.statusReason, language, lockedParams) };
  };
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
    // Whoever holds the reference sees only the last four digits of the number (docs/decisions/0065).
    mobileNumber: maskAllButLastFour(tx.msisdn.slice(3)),
    msisdn: maskAllButLastFour(tx.msisdn),
    amount: fromKobo(tx.amountKobo),
    currencyCode: tx.currency,
    accountId: tx.accountId,
    invoiceNumber: tx.invoiceNumber,
    bundleDescription: tx.bundleDescription,
    statusReason: state === 'FULFILLED' ? null : tx.statusReason,
    metaInfo: { leadId: tx.leadId },
  };
}
