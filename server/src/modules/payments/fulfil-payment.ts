import { CoreRefusedError } from '../../upstream/core.js';
import type { PaymentContext } from './context.js';
import { fulfilmentOperation } from './fulfilment.js';
import { callRefund, refundLeaseMs, secondsUntil } from './refund-payment.js';
import type { TransactionRow } from './store.js';

/**
 * The regulator's rule: value given, or the money on its way back, within 30 s of the payment being
 * confirmed, whatever the core does (decision 0041). Fulfilment works to a deadline 15 s after PAID, with
 * short calls; the refund call that follows takes at most one upstream time-out (10 s by default).
 */
export const FULFIL_WINDOW_MS = 15_000;
/** A fulfilment that starts late (a queue backlog), or takes over from a dead run, gets one short try. */
const LATE_TRY_MS = 3_000;
/** One call to the core: short, so several fit in the window. */
const CORE_CALL_MS = 4_000;
const PAUSES_MS = [500, 1_000, 2_000];
/** How long after the core's deadline it is asked to reverse (clocks differ a little). */
export const REVERSAL_MARGIN_MS = 2_000;
/**
 * How long a run's lease outlasts its tries: the time to record their outcome. A run that takes over sooner
 * is still safe (the core's deadline has passed, so its answer is final, and every move is guarded by the
 * state); it would only repeat work. Short, because a take-over waits it out inside the 30 s.
 */
const LEASE_MARGIN_MS = 2_000;
export const FULFIL_TIMING = {
  windowSeconds: FULFIL_WINDOW_MS / 1000,
  lateTrySeconds: LATE_TRY_MS / 1000,
  marginSeconds: LEASE_MARGIN_MS / 1000,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Delivery = 'delivered' | 'refused' | 'unknown';

/**
 * Asks the core to apply the credit until it answers or `until` passes. The operation carries the payment's
 * fixed deadline (`notAfter`), so the core never applies it later: once that has passed, "expired" is the
 * core's final word (nothing landed) and a repeat of an applied operation is answered as applied.
 */
async function deliverBy(
  ctx: PaymentContext,
  tx: TransactionRow,
  notAfter: Date,
  until: number,
): Promise<Delivery> {
  const operation = { ...fulfilmentOperation(tx), notAfter: notAfter.toISOString() };
  for (let attempt = 0; ; attempt++) {
    const left = until - Date.now();
    if (left <= 0) return 'unknown';
    try {
      await ctx.deps.core.apply(operation, {
        timeoutMs: Math.min(CORE_CALL_MS, ctx.deps.upstreamTimeoutMs, left),
      });
      return 'delivered';
    } catch (error) {
      ctx.log.warn({ err: error, transactionId: tx.id, attempt }, 'fulfilment attempt failed');
      if (error instanceof CoreRefusedError) return 'refused';
    }
    await sleep(Math.min(PAUSES_MS[attempt] ?? PAUSES_MS.at(-1)!, Math.max(0, until - Date.now())));
  }
}

/**
 * Gives the value once; on failure, refunds within the 30-second rule (see `deliverBy`). One run at a time
 * holds a lease on the payment until its tries are over and their outcome recorded. A run that died is
 * taken over by the payment watch (`watch-payments.ts`) as soon as its lease runs out.
 */
export async function fulfilPayment(ctx: PaymentContext, transactionId: string) {
  const tx = await ctx.store.claimFulfilment(transactionId, FULFIL_TIMING);
  // Not PAID (given, refunded), or another run is giving the value now.
  if (!tx) return;
  if (tx.transactionType === 'HBB_LEADS') {
    // A lead's payment is recorded against the lead; installation follows outside the portal.
    if (tx.leadId && ctx.deps.leads) await ctx.deps.leads.markPaid(tx.leadId, tx.id);
    const done = await ctx.store.transition(tx.id, 'FULFILLED', { set: { statusReason: null } });
    if (done) await ctx.queue.notify(tx.id);
    return;
  }
  const notAfter = tx.fulfilNotAfter ?? new Date(Date.now() + LATE_TRY_MS);
  const until = (tx.fulfilLeaseUntil?.getTime() ?? notAfter.getTime() + LEASE_MARGIN_MS) - LEASE_MARGIN_MS;
  const delivery = await deliverBy(ctx, tx, notAfter, until);
  if (delivery === 'delivered') {
    const done = await ctx.store.transition(tx.id, 'FULFILLED', { set: { statusReason: null } });
    if (done) await ctx.queue.notify(tx.id);
    return;
  }
  // Refused: nothing landed. Unknown: the credit may have landed before the deadline; the money goes back
  // now all the same, and the core is asked to reverse the credit once the deadline has passed.
  const reason =
    delivery === 'refused'
      ? 'We could not deliver your purchase. Your payment is being refunded.'
      : 'Our network could not deliver your purchase in time. Your payment is being refunded.';
  const reversalDueAt = delivery === 'unknown' ? new Date(notAfter.getTime() + REVERSAL_MARGIN_MS) : null;
  // The refund call is this run's: the watch leaves it alone unless this instance dies before it is made.
  const moved = await ctx.store.transition(tx.id, 'REFUND_PENDING', {
    reason,
    set: { reversalDueAt, refundLeaseUntil: new Date(Date.now() + refundLeaseMs(ctx)) },
  });
  if (!moved) return;
  // The one line an operator reads for a paid payment that gave nothing: the attempts' warnings say why.
  ctx.log.warn({ transactionId: tx.id, delivery }, 'paid payment not delivered; refunding it');
  if (reversalDueAt) await ctx.queue.reverse(tx.id, secondsUntil(reversalDueAt));
  await callRefund(ctx, moved);
}
