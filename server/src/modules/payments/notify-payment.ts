import { fromKobo, type TransactionType } from '@portal/contract';
import { formatMoney } from '../../lib/format.js';
import type { PaymentContext } from './context.js';
import { purchaseName, smsText } from './sms-texts.js';

/** Tells the subscriber the outcome by SMS, in the language the purchase was made in. */
export async function notifyPayment(ctx: PaymentContext, transactionId: string) {
  const tx = await ctx.store.find(transactionId);
  if (!tx) return;
  const config = await ctx.deps.config();
  const outcome = tx.state === 'FULFILLED' ? 'success' : tx.state === 'REFUNDED' ? 'refunded' : 'failed';
  const text = smsText(outcome, tx.language, {
    brand: config.brandName,
    what: purchaseName(tx.transactionType as TransactionType, tx.language),
    amount: formatMoney(fromKobo(tx.amountKobo), tx.currency, tx.language),
    ref: tx.id,
  });
  await ctx.deps.sms.send(tx.msisdn, text);
}
