import type { PaymentContext } from './context.js';
import { settlePayment, checkAttempts } from './settle-payment.js';
import { REASONS } from './status-reason.js';

/**
 * When a payment closed without money (CANCELLED, EXPIRED) is asked about again: money that arrives late
 * (a slow bank transfer, a popup closed while the bank finished) with its webhook lost, or from a gateway
 * that sends none (DPO), is still found and delivered. A few checks, not a poll for ever.
 */
export const CLOSED_RECHECK_AFTER_SECONDS = [5 * 60, 60 * 60, 6 * 60 * 60, 24 * 60 * 60];
/** An attempt is first asked about this long after it started (a payment still starting is skipped). */
const ATTEMPT_CHECK_AFTER_SECONDS = 5;

/** Settles one payment for reconciliation; a provider that cannot answer is asked again next time. */
const settleQuietly = (ctx: PaymentContext, id: string) =>
  settlePayment(ctx, id, 'reconcile').catch(() => undefined);

/** Settles what a crash, a lost notification or a timeout left behind, before the payment was PAID. */
export async function reconcilePayments(ctx: PaymentContext) {
  const { store, queue } = ctx;
  for (const tx of await store.stale(['PENDING'], 15)) await settleQuietly(ctx, tx.id);
  for (const tx of await store.stalledStarts(30)) await settleQuietly(ctx, tx.id);
  // PAID and REFUND_PENDING payments left behind are the payment watch's, every second (watch-payments.ts).
  for (const tx of await store.reversalsDue()) await queue.reverse(tx.id);
  await expireAbandoned(ctx);
  // Each closed payment falls in each window once: runs are one interval apart, windows two wide.
  const window = 2 * ctx.deps.reconcileIntervalSeconds;
  for (const age of CLOSED_RECHECK_AFTER_SECONDS) {
    for (const tx of await store.changedAround(['CANCELLED', 'EXPIRED'], age, window)) {
      await settleQuietly(ctx, tx.id);
    }
  }
  await checkEarlierCharges(ctx);
}

async function expireAbandoned(ctx: PaymentContext) {
  const expiry = ctx.deps.pendingExpiryMinutes * 60;
  for (const tx of await ctx.store.stale(['CREATED', 'STARTING', 'PENDING'], expiry)) {
    const settled = tx.state === 'CREATED' ? tx : await settleQuietly(ctx, tx.id);
    if (settled && ['CREATED', 'STARTING', 'PENDING'].includes(settled.state)) {
      await ctx.store.transition(tx.id, 'EXPIRED', { reason: REASONS.notInTime });
    }
  }
}

/**
 * Charges the portal did not expect: every reference a payment ever started a charge under is recorded
 * before the provider hears of it, so asking about the attempts a payment did not settle on finds any
 * money taken under them (a first start answered too late, an old checkout paid in another tab).
 */
async function checkEarlierCharges(ctx: PaymentContext) {
  const attempts = await ctx.store.attemptsToCheck(ATTEMPT_CHECK_AFTER_SECONDS);
  const payments = new Set(attempts.map((a) => a.transactionId));
  for (const id of payments) {
    await checkAttempts(
      ctx,
      id,
      attempts.filter((a) => a.transactionId === id),
    );
  }
}
