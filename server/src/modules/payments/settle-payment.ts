import { AppError } from '../../lib/app-error.js';
import type { Verification } from '../../upstream/gateways/provider.js';
import type { PaymentContext } from './context.js';
import type { AttemptRow, TransactionRow } from './store.js';
import { REASONS } from './status-reason.js';

/** An attempt still waiting for its payer after this long is not asked about any more. */
const ATTEMPT_WATCH_SECONDS = 24 * 60 * 60;
/**
 * "No such charge" is final for an attempt only once a request that went unanswered can no longer land: until
 * then the attempt is asked about again, so a charge that arrives late is still found and refunded.
 */
export const LATE_LANDING_SECONDS = 10 * 60;

/** Whether the provider's answer ends the watch over an attempt that it did not charge. */
export function neverCharged(status: Verification['status'], attempt: AttemptRow): boolean {
  if (status === 'FAILED' || status === 'CANCELLED') return true;
  return status === 'NOT_FOUND' && attempt.createdAt.getTime() < Date.now() - LATE_LANDING_SECONDS * 1000;
}

/**
 * A start nobody is finishing (its process died, or its answer was lost and no retry came): asks the provider
 * about it. Paid, or waiting for the payer on a wallet, it becomes the payment's charge; otherwise the payment
 * stays as it is, for the payer to retry, until it expires.
 */
async function resumeStalledStart(ctx: PaymentContext, tx: TransactionRow, source: string) {
  const attempt = await ctx.store.attemptBefore(tx.id);
  const provider = ctx.method(tx).provider;
  if (!attempt || (provider.assignsReferences && !attempt.providerReference)) return;
  const reference = attempt.providerReference ?? attempt.reference;
  const verification = await provider.verify(ctx.chargeOf(tx, reference));
  const live = verification.status === 'PENDING' && provider.kind !== 'card';
  if (verification.status !== 'PAID' && !live) return;
  const moved = await ctx.store.transition(tx.id, 'PENDING', {
    set: { providerReference: reference, startLeaseUntil: null },
    reason: 'The provider had the start',
    data: { source },
  });
  if (moved && verification.status === 'PAID') await ctx.markPaid(moved, verification, source);
}

/** The states in which settling asks the provider; in any other, it has nothing to do. */
const SETTLED_BY_ASKING = ['STARTING', 'PENDING', 'CANCELLED', 'EXPIRED'];

/**
 * Asks the provider where the charge stands and moves the transaction accordingly. A payment closed
 * without money (CANCELLED, EXPIRED) is asked too: a late confirmation of payment reopens it. Throws the
 * provider's failure when it could not answer, so a job retries with back-off. `read` is the row when the
 * caller has just read it. Returns the row as it is afterwards. A settlement of the same payment already under
 * way in this instance is joined, not repeated.
 */
export function settlePayment(
  ctx: PaymentContext,
  transactionId: string,
  source: string,
  read?: TransactionRow,
): Promise<TransactionRow | undefined> {
  const under = ctx.settling.get(transactionId);
  if (under) return under;
  const settling = settleOnce(ctx, transactionId, source, read).finally(() =>
    ctx.settling.delete(transactionId),
  );
  ctx.settling.set(transactionId, settling);
  return settling;
}

async function settleOnce(
  ctx: PaymentContext,
  transactionId: string,
  source: string,
  read: TransactionRow | undefined,
) {
  const tx = read ?? (await ctx.store.find(transactionId));
  if (!tx) return tx;
  if (tx.state === 'STARTING') {
    if ((tx.startLeaseUntil?.getTime() ?? 0) < Date.now()) await resumeStalledStart(ctx, tx, source);
    return ctx.store.find(transactionId);
  }
  if (!tx.providerReference) return tx;
  const closedWithoutMoney = tx.state === 'CANCELLED' || tx.state === 'EXPIRED';
  if (tx.state !== 'PENDING' && !closedWithoutMoney) return tx;
  let verification: Verification;
  try {
    verification = await ctx.method(tx).provider.verify(ctx.chargeOf(tx));
  } catch (error) {
    // Not an answer about the money: the payment stays as it is, and is asked about again.
    ctx.report(error, transactionId, 'verification unanswered; will ask again');
    throw error;
  }
  let moved: TransactionRow | undefined;
  if (!closedWithoutMoney) moved = await ctx.applyVerification(tx, verification, source);
  else if (verification.status === 'PAID') {
    ctx.log.warn({ transactionId, state: tx.state, source }, 'late payment confirmed; delivering');
    moved = await ctx.markPaid(tx, verification, `${source}:late`);
  }
  // Unmoved, another caller may have moved it meanwhile: read again.
  return moved ?? ctx.store.find(transactionId);
}

/**
 * The browser's return from the gateway: a hint to verify now (if the gateway cannot answer, a job asks
 * again with back-off). A return saying the payer cancelled closes a payment the gateway still calls
 * unfinished only with the cancel token initiate gave the browser that started it; should the money arrive
 * after all, settling reopens it.
 */
export async function handleReturn(
  ctx: PaymentContext,
  input: {
    gateway: string;
    reference: string | undefined;
    status?: string | undefined;
    cancelToken?: string;
  },
) {
  if (!input.reference) throw new AppError('BAD_REQUEST', { log: 'Missing payment reference' });
  const tx =
    (await ctx.store.findByProviderReference(input.reference)) ?? (await ctx.store.find(input.reference));
  if (!tx || (tx.paymentGateway ?? '').toLowerCase() !== input.gateway.toLowerCase()) {
    throw new AppError('TRANSACTION_NOT_FOUND', { log: 'Unknown payment reference' });
  }
  const settled = await settlePayment(ctx, tx.id, 'callback', tx).catch(async () => {
    await ctx.queue.settle(tx.id, 'callback', `${tx.id}:settle:callback`);
    return undefined;
  });
  const cancelled = input.status?.toUpperCase() === 'CANCELLED';
  if (cancelled && settled && ['PENDING', 'CREATED'].includes(settled.state)) {
    if (ctx.isCancelToken(tx.id, input.cancelToken)) {
      await ctx.store.transition(tx.id, 'CANCELLED', {
        reason: REASONS.cancelled,
        data: { source: 'callback:cancelled' },
      });
    } else ctx.log.warn({ transactionId: tx.id }, 'cancel without the cancel token ignored');
  }
  return { transactionId: tx.id, language: tx.language };
}

/**
 * A provider notification: its signature checked, recorded once, then applied at once - a verification with
 * the provider, as for the browser's return - or, when the provider cannot answer now, by a job that asks
 * again with back-off.
 */
export async function handleWebhook(
  ctx: PaymentContext,
  gateway: string,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
) {
  const provider = ctx.deps.providers.get(gateway.toLowerCase());
  if (!provider) throw new AppError('NOT_FOUND');
  const action = provider.parseWebhook(rawBody, headers);
  if (!action) throw new AppError('BAD_SIGNATURE');
  const tx = await ctx.store.findByProviderReference(action.reference);
  // An earlier attempt of a payment that settled on another charge: money the payment did not expect.
  const attempt = tx ? undefined : await ctx.store.findAttempt(provider.id, action.reference);
  if (!tx && !attempt) return; // Not ours: acknowledged and ignored.
  const fresh = await ctx.store.recordProviderEvent({ provider: provider.id, ...action });
  if (!fresh) return;
  if (!tx) {
    await ctx.queue.checkAttempts(attempt!.transactionId);
    return;
  }
  // A payment already settled (the browser's return came first) has nothing left to ask.
  if (!SETTLED_BY_ASKING.includes(tx.state)) return;
  await settlePayment(ctx, tx.id, 'webhook', tx).catch(() =>
    ctx.queue.settle(tx.id, 'webhook', `${tx.id}:settle:webhook`),
  );
}

/**
 * The payment's own charge is accounted for by the payment's states: delivered or refunded, closed without
 * money (re-checked by the payment itself, which delivers money found late), or still on its way (asked
 * about again next time). Only a FAILED payment leaves it to this check: a charge that landed after the
 * provider said it had none is refunded like any other unexpected charge.
 */
const SETTLED_BY_PAYMENT = ['FULFILLED', 'REFUNDED', 'CANCELLED', 'EXPIRED'];

/**
 * Asks about one attempt the payment did not settle on: charged after all, it is refunded at once; never
 * charged (or declined), it needs no more asking; still waiting for its payer, it is asked again next time.
 */
async function checkAttempt(ctx: PaymentContext, tx: TransactionRow, attempt: AttemptRow) {
  const reference = attempt.providerReference ?? attempt.reference;
  if (reference === tx.providerReference && tx.state !== 'FAILED') {
    if (SETTLED_BY_PAYMENT.includes(tx.state))
      await ctx.store.resolveAttempt(tx.id, attempt.attempt, 'the payment');
    return;
  }
  const provider = ctx.deps.providers.get(attempt.provider);
  if (!provider || (provider.assignsReferences && !attempt.providerReference)) {
    await ctx.store.resolveAttempt(tx.id, attempt.attempt, 'cannot be asked');
    return;
  }
  const charge = ctx.chargeOf(tx, reference);
  const verification = await provider.verify(charge);
  if (verification.status === 'PAID') {
    ctx.log.warn({ transactionId: tx.id, attempt: attempt.attempt }, 'unexpected charge found; refunding');
    await provider.refund(charge);
    await ctx.store.resolveAttempt(tx.id, attempt.attempt, 'refunded');
  } else if (neverCharged(verification.status, attempt)) {
    await ctx.store.resolveAttempt(tx.id, attempt.attempt, 'not charged');
  } else if (attempt.createdAt.getTime() < Date.now() - ATTEMPT_WATCH_SECONDS * 1000) {
    await ctx.store.resolveAttempt(tx.id, attempt.attempt, 'abandoned');
  }
}

/** Every unsettled attempt of one payment, or those `attempts` (reconciliation's list). */
export async function checkAttempts(ctx: PaymentContext, transactionId: string, attempts?: AttemptRow[]) {
  const tx = await ctx.store.find(transactionId);
  // A start in progress decides between its attempts itself.
  if (!tx || tx.state === 'STARTING') return;
  for (const attempt of attempts ?? (await ctx.store.attemptsOf(transactionId))) {
    if (attempt.resolvedAt) continue;
    await checkAttempt(ctx, tx, attempt).catch((error: unknown) =>
      ctx.report(error, transactionId, 'could not check an earlier charge'),
    );
  }
}
