import { CoreRefusedError } from '../../upstream/core.js';
import type { PaymentContext } from './context.js';
import { fulfilmentOperation, reversalOperation } from './fulfilment.js';
import type { TransactionRow } from './store.js';

/**
 * The regulator's rule: value given, or the money on its way back, within 30 s of the payment being
 * confirmed, whatever the core does (decision 0041). Fulfilment works to a deadline 15 s after PAID, with
 * short calls; the refund call that follows takes at most one upstream time-out (10 s by default).
 */
export const FULFIL_WINDOW_MS = 15_000;
/** A fulfilment that starts late (after a crash) still gets one short try before it refunds. */
const LATE_TRY_MS = 3_000;
/** One call to the core: short, so several fit in the window. */
const CORE_CALL_MS = 4_000;
const PAUSES_MS = [500, 1_000, 2_000];
/** How long after the last fulfilment's deadline the core is asked to reverse (clocks differ a little). */
export const REVERSAL_MARGIN_MS = 2_000;
/**
 * How long a run's lease outlasts its deadline: the time to record the outcome (FULFILLED, or REFUND_PENDING,
 * which no other run can claim) even when the database is slow.
 */
const LEASE_MARGIN_MS = 5_000;
export const FULFIL_LEASE_SECONDS = Math.ceil((FULFIL_WINDOW_MS + LEASE_MARGIN_MS) / 1000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Delivery = 'delivered' | 'refused' | 'unknown';

/**
 * Tries the core until it answers or the deadline passes. The operation carries the deadline (`notAfter`),
 * so the core never applies it later: after the deadline, "not applied" is the core's final word.
 */
async function deliverBy(ctx: PaymentContext, tx: TransactionRow, deadline: number): Promise<Delivery> {
  const operation = { ...fulfilmentOperation(tx), notAfter: new Date(deadline).toISOString() };
  for (let attempt = 0; ; attempt++) {
    const left = deadline - Date.now();
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
    await sleep(Math.min(PAUSES_MS[attempt] ?? PAUSES_MS.at(-1)!, Math.max(0, deadline - Date.now())));
  }
}

/**
 * Gives the value once; on failure, refunds within the 30-second rule (see `deliverBy`). One run at a time:
 * the run holds a lease on the payment until its deadline has passed and its outcome is recorded, so a second
 * run (a job queued again, another instance) cannot start a late try of its own that would reach the core
 * after this run refunded.
 */
export async function fulfilPayment(ctx: PaymentContext, transactionId: string) {
  // The lease covers the tries, to the deadline, and the recording of their outcome; not the refund call that
  // follows, as the payment has left PAID by then. A longer lease kept a run that took over from a dead one
  // waiting (15 s + the upstream time-out + 5 s: 30 s in production) past the 30-second rule.
  const tx = await ctx.store.claimFulfilment(transactionId, FULFIL_LEASE_SECONDS);
  // Not PAID (given, refunded), or another run is giving the value now.
  if (!tx) return;
  if (tx.transactionType === 'HBB_LEADS') {
    // A lead's payment is recorded against the lead; installation follows outside the portal.
    if (tx.leadId && ctx.deps.leads) await ctx.deps.leads.markPaid(tx.leadId, tx.id);
    const done = await ctx.store.transition(tx.id, 'FULFILLED', { set: { statusReason: null } });
    if (done) await ctx.queue.notify(tx.id);
    return;
  }
  const paidAt = tx.paidAt?.getTime() ?? Date.now();
  const deadline = Math.max(paidAt + FULFIL_WINDOW_MS, Date.now() + LATE_TRY_MS);
  const delivery = await deliverBy(ctx, tx, deadline);
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
  const reversalDueAt = delivery === 'unknown' ? new Date(deadline + REVERSAL_MARGIN_MS) : null;
  const moved = await ctx.store.transition(tx.id, 'REFUND_PENDING', { reason, set: { reversalDueAt } });
  if (!moved) return;
  if (reversalDueAt) await ctx.queue.reverse(tx.id, Math.ceil((reversalDueAt.getTime() - Date.now()) / 1000));
  await refundPayment(ctx, tx.id).catch(async (error: unknown) => {
    ctx.report(error, transactionId, 'refund failed; queued');
    await ctx.queue.refund(tx.id);
  });
}

/** Returns the money through the provider that took it (idempotent there). */
export async function refundPayment(ctx: PaymentContext, transactionId: string) {
  const tx = await ctx.store.find(transactionId);
  if (!tx || tx.state !== 'REFUND_PENDING') return;
  await ctx.method(tx).provider.refund(ctx.chargeOf(tx));
  const done = await ctx.store.transition(tx.id, 'REFUNDED', {
    reason:
      tx.reversalDueAt !== null
        ? 'Our network could not deliver your purchase in time. Your payment has been refunded.'
        : 'We could not deliver your purchase. Your payment has been refunded.',
  });
  if (done) await ctx.queue.notify(tx.id);
}

/**
 * Takes back a credit the core could not deny before the refund: asked (once the deadline of every
 * fulfilment try has passed) until the core answers, reversed or never applied. Idempotent by operation id.
 */
export async function reversePayment(ctx: PaymentContext, transactionId: string) {
  const tx = await ctx.store.find(transactionId);
  if (!tx?.reversalDueAt || tx.reversalDoneAt) return;
  if (tx.reversalDueAt.getTime() > Date.now()) {
    await ctx.queue.reverse(tx.id, Math.ceil((tx.reversalDueAt.getTime() - Date.now()) / 1000));
    return;
  }
  let outcome: 'REVERSED' | 'NOT_APPLIED';
  try {
    await ctx.deps.core.apply(reversalOperation(tx));
    outcome = 'REVERSED';
  } catch (error) {
    if (!(error instanceof CoreRefusedError && error.code === 'OPERATION_NOT_FOUND')) throw error;
    outcome = 'NOT_APPLIED';
  }
  if (outcome === 'REVERSED') ctx.log.warn({ transactionId }, 'a late credit was reversed after the refund');
  await ctx.store.update(tx.id, { reversalDoneAt: new Date(), reversalOutcome: outcome });
}
