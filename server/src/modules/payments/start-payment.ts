import { PATHS, type processRequest } from '@portal/contract';
import type { z } from 'zod';
import { AppError, isAppError } from '../../lib/app-error.js';
import { ProviderFailure } from '../../upstream/gateways/classify.js';
import type { ChargeStart, PaymentProvider } from '../../upstream/gateways/provider.js';
import { attemptReference, payerOf, type PaymentContext } from './context.js';
import type { Method } from './methods.js';
import { neverCharged } from './settle-payment.js';
import type { TransactionRow } from './store.js';

type ProcessBody = z.output<typeof processRequest>;

/** A subscriber's own refusal that ends the payment (another PIN would not help). */
const ENDS_PAYMENT = new Set(['WALLET_LOCKED', 'INVALID_USER', 'NO_WALLET', 'INSUFFICIENT_BALANCE']);

/** What a repeated `process` answers for a charge already started; undefined when none is. */
function startedAnswer(tx: TransactionRow) {
  if (tx.state !== 'PENDING' && tx.state !== 'PAID' && tx.state !== 'FULFILLED') return undefined;
  const redirectUrl = typeof tx.meta['redirectUrl'] === 'string' ? tx.meta['redirectUrl'] : undefined;
  return {
    transactionId: tx.id,
    ...(redirectUrl ? { redirectUrl } : {}),
    reference: tx.providerReference ?? tx.id,
  };
}

/** The decrypted PIN of a PIN payment, sent with the token that initiate spent for this very payment. */
function pinOf(
  ctx: PaymentContext,
  tx: TransactionRow,
  body: ProcessBody,
  authorization: string | undefined,
) {
  const consent = tx.meta['consent'] as { challengeId?: unknown } | undefined;
  ctx.deps.otp.checkPaymentToken(authorization, { msisdn: payerOf(tx), challengeId: consent?.challengeId });
  if (!body.amPin) throw new AppError('PIN_REQUIRED');
  return ctx.deps.decryptPin(body.amPin);
}

/**
 * Before a second charge is started, the provider is asked about the one before it, whose start went
 * unanswered: paid, or waiting for the payer (a prompt on the phone, a PIN debit in flight), it is this
 * payment's charge and no other is started. Returns whether another start may go ahead.
 */
async function recheckPrevious(ctx: PaymentContext, tx: TransactionRow, provider: PaymentProvider) {
  const previous = await ctx.store.attemptBefore(tx.id, tx.startAttempts);
  if (!previous || previous.resolvedAt) return 'start' as const;
  // A provider that names charges itself (DPO's token) never told us this one: nobody can pay it.
  if (provider.assignsReferences && !previous.providerReference) return 'start' as const;
  const reference = previous.providerReference ?? previous.reference;
  let verification;
  try {
    verification = await provider.verify(ctx.chargeOf(tx, reference));
  } catch (error) {
    ctx.report(error, tx.id, 'could not ask about the previous start');
    return 'unknown' as const;
  }
  const live = verification.status === 'PENDING' && provider.kind !== 'card';
  if (verification.status === 'PAID' || live) {
    const moved = await ctx.store.transition(tx.id, 'PENDING', {
      set: { providerReference: reference, startLeaseUntil: null },
      reason: 'The provider had the previous start',
      data: { source: 'recheck', attempt: previous.attempt },
    });
    if (moved && verification.status === 'PAID') await ctx.markPaid(moved, verification, 'recheck');
    return 'settled' as const;
  }
  // An unpaid checkout nobody saw, or a request that may still land, stays on reconciliation's list.
  if (neverCharged(verification.status, previous))
    await ctx.store.resolveAttempt(tx.id, previous.attempt, 'not charged');
  return 'start' as const;
}

/** A start the provider refused or did not answer: back for another try, closed, or left to be asked. */
async function failedStart(ctx: PaymentContext, tx: TransactionRow, method: Method, error: unknown) {
  const refusedOutright = isAppError(error) || (error instanceof ProviderFailure && error.kind === 'final');
  if (refusedOutright) {
    await ctx.store.resolveAttempt(tx.id, tx.startAttempts, 'refused');
    const ends = isAppError(error) && ENDS_PAYMENT.has(error.errorName);
    if (ends) await ctx.store.transition(tx.id, 'FAILED', { reason: error.message });
    else
      await ctx.store.transition(tx.id, 'CREATED', {
        set: { startLeaseUntil: null },
        reason: 'Start refused',
      });
    if (isAppError(error)) throw error;
    ctx.report(error, tx.id, 'payment start refused');
    throw new AppError('UPSTREAM_UNAVAILABLE', { cause: error });
  }
  ctx.report(error, tx.id, 'payment start unanswered');
  if (method.rule.kind !== 'card') {
    // The wallet or the core may have acted: the charge is open, and reconciliation asks about it.
    await ctx.store.transition(tx.id, 'PENDING', {
      set: { startLeaseUntil: null },
      reason: 'Waiting for the provider',
    });
    return { transactionId: tx.id, reference: tx.providerReference ?? tx.id };
  }
  // Nobody has seen a checkout: the next `process` asks the gateway about this one before another.
  await ctx.store.releaseStart(tx.id);
  throw new AppError('UPSTREAM_UNAVAILABLE', { cause: error });
}

async function started(
  ctx: PaymentContext,
  tx: TransactionRow,
  start: ChargeStart,
  provider: PaymentProvider,
) {
  if (start.providerReference !== tx.providerReference)
    await ctx.store.setAttemptProviderReference(tx.id, tx.startAttempts, start.providerReference);
  const meta = { ...tx.meta, ...(start.kind === 'redirect' ? { redirectUrl: start.redirectUrl } : {}) };
  const moved = await ctx.store.transition(tx.id, 'PENDING', {
    set: { providerReference: start.providerReference, meta, startLeaseUntil: null },
    data: { provider: provider.id, attempt: tx.startAttempts },
  });
  if (!moved) throw new AppError('INVALID_STATE');
  if (start.kind === 'charged') await ctx.applyVerification(moved, start.verification, 'charge');
  return {
    transactionId: tx.id,
    ...(start.kind === 'redirect' ? { redirectUrl: start.redirectUrl, accessCode: start.accessCode } : {}),
    reference: start.providerReference,
  };
}

/** One charge under a reference recorded before the provider hears of it. */
async function startCharge(ctx: PaymentContext, tx: TransactionRow, method: Method, pin: string | undefined) {
  const provider = method.provider;
  const reference = attemptReference(tx.id, tx.startAttempts);
  await ctx.store.recordAttempt({
    transactionId: tx.id,
    attempt: tx.startAttempts,
    provider: provider.id,
    reference,
  });
  const claimed = { ...tx, providerReference: reference };
  let start: ChargeStart;
  try {
    start = await provider.start({
      reference,
      amountKobo: tx.amountKobo,
      currency: tx.currency,
      email: tx.email ?? '',
      msisdn: payerOf(tx),
      callbackUrl: `${ctx.deps.publicBaseUrl()}${PATHS.pgCallback(provider.id)}`,
      notifyUrl: `${ctx.deps.publicBaseUrl()}${PATHS.webhook(provider.id)}`,
      description: tx.bundleDescription ?? tx.transactionType.replace(/_/g, ' '),
      ...(pin !== undefined ? { pin } : {}),
    });
  } catch (error) {
    return failedStart(ctx, claimed, method, error);
  }
  return started(ctx, claimed, start, provider);
}

/**
 * Starts the charge, once: the request that claims the payment (CREATED -> STARTING, under a lease) is the
 * only one that may call the provider; a concurrent one is told the payment is being started, a later one
 * gets the same answer as the first. A retry after an unanswered start asks about that start first.
 */
export async function processPayment(
  ctx: PaymentContext,
  body: ProcessBody,
  context: { authorization?: string | undefined } = {},
) {
  const tx = await ctx.store.find(body.transactionId);
  if (!tx) throw new AppError('TRANSACTION_NOT_FOUND');
  if (tx.paymentMode !== body.paymentMode) throw new AppError('INVALID_STATE');
  const method = ctx.method(tx);
  const already = startedAnswer(tx);
  if (already) return already;
  if (tx.state !== 'CREATED' && tx.state !== 'STARTING') throw new AppError('INVALID_STATE');
  const pin = method.proof === 'pin' ? pinOf(ctx, tx, body, context.authorization) : undefined;
  const leaseSeconds = Math.ceil(ctx.deps.upstreamTimeoutMs / 1000) + 5;
  const claimed = await ctx.store.claimStart(tx.id, leaseSeconds);
  if (!claimed) {
    const now = await ctx.store.find(tx.id);
    const answer = now && startedAnswer(now);
    if (answer) return answer;
    throw new AppError(now?.state === 'STARTING' ? 'PAYMENT_IN_PROGRESS' : 'INVALID_STATE');
  }
  if (claimed.startAttempts > 1) {
    const previous = await recheckPrevious(ctx, claimed, method.provider);
    if (previous === 'unknown') {
      await ctx.store.releaseStart(tx.id);
      throw new AppError('UPSTREAM_UNAVAILABLE');
    }
    if (previous === 'settled') {
      const now = await ctx.store.find(tx.id);
      return (
        (now && startedAnswer(now)) ?? { transactionId: tx.id, reference: tx.providerReference ?? tx.id }
      );
    }
  }
  return startCharge(ctx, claimed, method, pin);
}
