import { toInternational, toKobo, toPaymentMobile } from '@portal/contract';
import { languageCode } from '@portal/contract/language';
import { AppError } from '../../lib/app-error.js';
import { checkMethod, checkPurchase, type InitiateBody } from './check-purchase.js';
import { hashOf, newTransactionId, type PaymentContext } from './context.js';
import type { Method } from './methods.js';
import type { SamePurchase, TransactionRow } from './store.js';

export type InitiateContext = {
  idempotencyKey?: string | undefined;
  authorization?: string | undefined;
  /** The request's language (Accept-Language), when the body names none. */
  language?: string | undefined;
};

/** The payer's proof that they agree to this debit, kept with the payment (the spent code's challenge). */
export type Consent = { proof: 'one-time-code' | 'pin'; challengeId: string };

/**
 * Spends the payer's proof for this amount: the uniqueCode of a verified code (airtime), or the verify-user
 * token (PIN wallets). Card gateways and push prompts ask the payer themselves.
 */
async function takeConsent(
  ctx: PaymentContext,
  method: Method,
  body: InitiateBody,
  context: InitiateContext,
  payer: string,
): Promise<Consent | undefined> {
  const bind = { msisdn: payer, amount: body.amount };
  if (method.proof === 'one-time-code') {
    return { proof: method.proof, challengeId: await ctx.deps.otp.spendPaymentCode(body.uniqueCode, bind) };
  }
  if (method.proof === 'pin') {
    const challengeId = await ctx.deps.otp.spendPaymentToken(context.authorization, bind);
    return { proof: method.proof, challengeId };
  }
  return undefined;
}

/**
 * The payer's proof looked at without spending it, so that a payment without one is refused before the
 * paying-twice question names an earlier payment to the number (it is spent once nothing else can refuse).
 */
async function checkConsent(
  ctx: PaymentContext,
  method: Method,
  body: InitiateBody,
  context: InitiateContext,
  payer: string,
) {
  if (method.proof === 'one-time-code') {
    await ctx.deps.otp.checkPaymentCode(body.uniqueCode, { msisdn: payer, amount: body.amount });
  }
  if (method.proof === 'pin') ctx.deps.otp.verifyAccessToken(context.authorization, payer);
}

/** The end of a reference, enough to recognise one's own payment, not enough to look it up. */
export function maskReference(reference: string): string {
  return `…${reference.slice(-6)}`;
}

/**
 * Paying twice by mistake (decision 0070): the same number getting the same purchase that was paid or is
 * under way within the market's window needs the payer's explicit "buy again". The same purchase is the one
 * this payment would record: the same type, product, account and invoice (another invoice of the same
 * account, or another account's bill for the same amount, is another purchase), and the same amount when
 * there is no product.
 */
async function guardAgainstPayingTwice(ctx: PaymentContext, body: InitiateBody, purchase: SamePurchase) {
  if (body.confirmDuplicate || body.transactionType === 'HBB_LEADS') return;
  const minutes = (await ctx.deps.config()).duplicatePurchaseWindowMinutes;
  if (minutes <= 0) return;
  const earlier = await ctx.store.findRecentSame({
    ...purchase,
    since: new Date(Date.now() - minutes * 60_000),
  });
  if (!earlier) return;
  const reference = maskReference(earlier.id);
  throw new AppError('DUPLICATE_PURCHASE', {
    params: { reference },
    result: {
      earlier: {
        reference,
        createdAt: earlier.createdAt.toISOString(),
        windowMinutes: minutes,
        // Whether the earlier one was delivered (the question says so) or may still be under way.
        completed: earlier.state === 'FULFILLED',
      },
    },
  });
}

function answer(ctx: PaymentContext, row: TransactionRow, method: Method) {
  return {
    transactionId: row.id,
    ...(method.proof === 'pin' ? { encryptionKeyDetails: { key: ctx.deps.pinPublicKey } } : {}),
    ...(method.rule.kind === 'card' ? { cancelToken: ctx.cancelTokenOf(row.id) } : {}),
  };
}

/**
 * Creates the transaction, once per idempotency key: the same key with the same purchase returns the same
 * transaction, with another purchase it is refused. Everything that can refuse the purchase is checked
 * before the payer's proof is spent.
 */
export async function initiatePayment(ctx: PaymentContext, body: InitiateBody, context: InitiateContext) {
  const method = ctx.method({ paymentMode: body.paymentMode, paymentGateway: body.paymentGateway || null });
  const payer = body.paymentMobile || toPaymentMobile(body.mobileNumber);
  const requestHash = hashOf({ ...body, uniqueCode: undefined, confirmDuplicate: undefined });
  if (context.idempotencyKey) {
    const existing = await ctx.store.findByIdempotencyKey(context.idempotencyKey);
    if (existing) {
      if (existing.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_CONFLICT');
      return answer(ctx, existing, method);
    }
  }
  const language = languageCode(body.language) ?? context.language ?? 'en';
  const { bundle, accountId, transactionType, description } = await checkPurchase(ctx, body, language);
  await checkMethod(ctx, body, method, payer);
  // Recorded as checked: the type the line decides, the account the core names (decision 0070 compares these).
  const purchase: SamePurchase = {
    msisdn: toInternational(body.mobileNumber),
    transactionType: transactionType ?? body.transactionType,
    productCode: body.productCode || null,
    accountId: accountId ?? (body.accountId || null),
    invoiceNumber: body.invoiceNumber || null,
    amountKobo: toKobo(body.amount),
  };
  await checkConsent(ctx, method, body, context, payer);
  await guardAgainstPayingTwice(ctx, body, purchase);
  const consent = await takeConsent(ctx, method, body, context, payer);
  const { row, created } = await ctx.store.insertOnce({
    id: newTransactionId(),
    idempotencyKey: context.idempotencyKey ?? `auto:${newTransactionId()}`,
    requestHash,
    state: 'CREATED',
    transactionType: purchase.transactionType,
    paymentMode: body.paymentMode,
    // A card payment names its gateway; any other mode has its one provider, whatever the label said.
    paymentGateway: method.rule.kind === 'card' ? method.provider.id : null,
    msisdn: purchase.msisdn,
    paymentMobile: payer,
    email: body.emailId || null,
    amountKobo: purchase.amountKobo,
    currency: body.currencyCode,
    productCode: purchase.productCode,
    // The client's bundleDescription is not trusted: a payer is shown only the catalogue's or the lead's words.
    bundleDescription: bundle?.description ?? description ?? null,
    accountId: purchase.accountId,
    invoiceNumber: purchase.invoiceNumber,
    leadId: body.txnId || null,
    language,
    meta: {
      ...(bundle ? { bundle: { dataMb: bundle.dataMb, validityDays: bundle.validityDays } } : {}),
      ...(consent ? { consent } : {}),
    },
  });
  if (!created && row.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_CONFLICT');
  return answer(ctx, row, method);
}
