import { CoreRefusedError } from '../../upstream/core.js';
import type { PaymentContext } from './context.js';
import { reversalOperation } from './fulfilment.js';
import type { TransactionRow } from './store.js';
import { REASONS } from './status-reason.js';

/** Whole seconds until `at` (a job's delay), never negative. */
export const secondsUntil = (at: Date) => Math.max(0, Math.ceil((at.getTime() - Date.now()) / 1000));

/** A refund call's lease: one upstream time-out, and a second to record what it answered. */
export const refundLeaseMs = (ctx: PaymentContext) => ctx.deps.upstreamTimeoutMs + 1_000;

/** Returns the money of a payment whose refund nobody is making now (the watch's retry, a take-over). */
export async function refundPayment(ctx: PaymentContext, transactionId: string) {
  const tx = await ctx.store.claimRefund(transactionId, Math.ceil(refundLeaseMs(ctx) / 1000));
  if (tx) await callRefund(ctx, tx);
}

/**
 * Returns the money through the provider that took it (idempotent there). On failure the next try is held
 * back a little, more the longer the refund has waited (1 s at first, at most a minute), so that a provider
 * that is down is not hammered; the payment watch makes that try.
 */
export async function callRefund(ctx: PaymentContext, tx: TransactionRow) {
  try {
    await ctx.method(tx).provider.refund(ctx.chargeOf(tx));
  } catch (error) {
    ctx.report(error, tx.id, 'refund failed; tried again soon');
    const waitedSeconds = (Date.now() - tx.updatedAt.getTime()) / 1000;
    await ctx.store.holdRefund(tx.id, Math.min(60, Math.max(1, Math.round(waitedSeconds / 4))));
    return;
  }
  const done = await ctx.store.transition(tx.id, 'REFUNDED', {
    reason: tx.reversalDueAt !== null ? REASONS.refundedLate : REASONS.refunded,
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
    await ctx.queue.reverse(tx.id, secondsUntil(tx.reversalDueAt));
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
