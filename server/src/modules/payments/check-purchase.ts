import {
  airtimePayerError,
  formatNaira,
  paymentEmailError,
  toKobo,
  type initiateRequest,
  type TransactionType,
} from '@portal/contract';
import type { z } from 'zod';
import { errorNameOfText } from '@portal/contract/error-texts';
import { AppError } from '../../lib/app-error.js';
import type { CoreSubscriber } from '../../upstream/core.js';
import type { BundleInfo, PaymentContext } from './context.js';
import { holdsAirtime, lineOf } from './airtime-rule.js';
import { onlyMobileMoney, type Method } from './methods.js';

export type InitiateBody = z.output<typeof initiateRequest>;

/**
 * What initiate learnt while checking: the catalogue's bundle, the core's account of a bill payment, the
 * transaction type to record when the line decides it (a router or MiFi line's bundle is a broadband recharge),
 * and `description`, what the payer is shown they buy: the catalogue's or the lead's words, never the client's.
 */
export type CheckedPurchase = {
  bundle?: BundleInfo;
  accountId?: string;
  transactionType?: TransactionType;
  description?: string;
};

const wrongCurrency = (given: string, expected: string) =>
  new AppError('CURRENCY_UNSUPPORTED', { params: { expected }, log: `Unsupported currency ${given}` });

async function limitsFor(ctx: PaymentContext, type: TransactionType) {
  const c = await ctx.deps.config();
  return type === 'POSTPAID_BILL'
    ? { min: c.postMinAmnt, max: c.postMaxAmnt, currency: c.currency }
    : { min: c.preMinAmnt, max: c.preMaxAmnt, currency: c.currency };
}

/**
 * The bill a payment pays belongs to its number, as the core knows it: a fixed-internet invoice is an open
 * invoice of a fixed account of that number, for no more than it still owes; a postpaid payment goes to the
 * number's own postpaid account (named or not). Returns the account to credit.
 */
async function checkBill(ctx: PaymentContext, body: InitiateBody, subscriber: CoreSubscriber) {
  const mismatch = () => new AppError('ACCOUNT_MISMATCH');
  if (body.invoiceNumber) {
    const account = await ctx.deps.core.findAccount(body.accountId.trim().toUpperCase());
    if (!account || account.kind !== 'FIXED' || account.msisdn !== subscriber.msisdn) throw mismatch();
    const invoices = await ctx.deps.core.openInvoices(account.accountNo);
    // The core's "no such account" is the portal's 60119.
    if (!invoices) throw new AppError('ACCOUNT_NOT_FOUND');
    const invoice = invoices.find((i) => i.invoiceNo === body.invoiceNumber);
    if (!invoice) throw new AppError('INVOICE_NOT_OPEN');
    if (invoice.currency !== body.currencyCode) throw wrongCurrency(body.currencyCode, invoice.currency);
    if (toKobo(body.amount) > invoice.outstandingKobo) {
      throw new AppError('AMOUNT_OVER_INVOICE');
    }
    return account.accountNo;
  }
  if (subscriber.lineType === 'PREPAID') throw new AppError('LINE_TYPE_MISMATCH');
  const bill = await ctx.deps.core.bill(subscriber.msisdn);
  // The core's "no such account" is the portal's 60119.
  if (!bill) throw new AppError('ACCOUNT_NOT_FOUND');
  if (body.accountId && body.accountId.trim() !== bill.accountNo) throw mismatch();
  return bill.accountNo;
}

/** The amount of a recharge or bill within the market's limits, in the market's currency. */
async function checkLimits(ctx: PaymentContext, body: InitiateBody) {
  const { min, max, currency } = await limitsFor(ctx, body.transactionType);
  if (body.currencyCode !== currency) throw wrongCurrency(body.currencyCode, currency);
  if (body.amount < min)
    throw new AppError('AMOUNT_BELOW_MIN', { params: { currency, amount: formatNaira(min) } });
  if (body.amount > max)
    throw new AppError('AMOUNT_ABOVE_MAX', { params: { currency, amount: formatNaira(max) } });
}

/** A lead fixes its price; a lead that is not awaiting payment takes none. */
async function checkLead(ctx: PaymentContext, body: InitiateBody) {
  const lead = body.txnId && ctx.deps.leads ? await ctx.deps.leads.forPayment(body.txnId) : undefined;
  if (!lead) throw new AppError('LEAD_NOT_FOUND', { log: 'Unknown lead' });
  if (!lead.payable) throw new AppError('LEAD_NOT_PAYABLE');
  if (toKobo(lead.amount) !== toKobo(body.amount) || lead.currency !== body.currencyCode) {
    throw new AppError('LEAD_AMOUNT_MISMATCH');
  }
  return lead;
}

/**
 * Bundles: the price and the offer are the catalogue's, never the browser's; the description recorded (the
 * status page's, the receipt's and the SMS's) is in the payer's language, as the list they chose from was.
 */
async function checkBundle(
  ctx: PaymentContext,
  body: InitiateBody,
  subscriber: CoreSubscriber,
  language: string,
) {
  if (!ctx.deps.findBundle) throw new AppError('BUNDLES_UNAVAILABLE');
  const bundle = await ctx.deps.findBundle(body.productCode, subscriber, language);
  if (!bundle) throw new AppError('BUNDLE_UNKNOWN');
  // The list only shows what the line may buy; initiate holds to the same rule for any client.
  if (!bundle.offered) throw new AppError('BUNDLE_NOT_FOR_NUMBER');
  if (toKobo(bundle.amount) !== toKobo(body.amount)) throw new AppError('BUNDLE_PRICE_CHANGED');
  if (bundle.currency !== body.currencyCode) throw wrongCurrency(body.currencyCode, bundle.currency);
  return bundle;
}

/**
 * What the portal checks before any money moves: the number, the line type, the amount, the currency, the
 * product, and for a bill the account and invoice of that number. The currency is the product's own: the
 * lead's, the bundle's, the invoice's, else the market's. `language`: the payment's (a bundle's words).
 */
export async function checkPurchase(
  ctx: PaymentContext,
  body: InitiateBody,
  language: string,
): Promise<CheckedPurchase> {
  if (body.transactionType === 'HBB_LEADS') {
    const lead = await checkLead(ctx, body);
    return lead.description ? { description: lead.description } : {};
  }
  const subscriber = await ctx.deps.subscribers.requireSubscriber(body.mobileNumber);
  if (body.transactionType === 'PREPAID_RECHARGE') {
    if (subscriber.lineType !== 'PREPAID') throw new AppError('LINE_TYPE_MISMATCH');
    await checkLimits(ctx, body);
    return {};
  }
  if (body.transactionType === 'POSTPAID_BILL') {
    if (subscriber.lineType === 'PREPAID' && !body.invoiceNumber) throw new AppError('LINE_TYPE_MISMATCH');
    await checkLimits(ctx, body);
    return { accountId: await checkBill(ctx, body, subscriber) };
  }
  return {
    bundle: await checkBundle(ctx, body, subscriber, language),
    transactionType: bundleTransactionType(body.transactionType, subscriber),
  };
}

/**
 * A bundle for a router or MiFi line is recorded as a broadband recharge, whatever the client called it, so its
 * status page shows the broadband rows; a broadband recharge of any other line is refused.
 */
function bundleTransactionType(sent: TransactionType, subscriber: CoreSubscriber): TransactionType {
  if (subscriber.broadband) return 'BROADBAND_RECHARGE';
  if (sent === 'BROADBAND_RECHARGE') throw new AppError('LINE_TYPE_MISMATCH');
  return sent;
}

/** Airtime pays only where the payment page offers it, and only from a line that holds airtime. */
async function checkAirtime(ctx: PaymentContext, body: InitiateBody, payer: string) {
  const subscribers = ctx.deps.subscribers;
  // A lead's contact number is not checked by checkPurchase, so it is looked up here.
  if (!holdsAirtime(await lineOf(subscribers, body.mobileNumber))) throw new AppError('METHOD_UNAVAILABLE');
  if (!holdsAirtime(await lineOf(subscribers, payer))) {
    throw new AppError('AIRTIME_PREPAID_ONLY');
  }
}

/**
 * The wallets held on the operator's own lines: mobile money. The spec's MPESA panel takes any number (a wallet
 * without it is refused by the wallet, told in the payer's language).
 */
const OPERATOR_LINE_WALLETS: ReadonlySet<string> = new Set(['momo']);

/**
 * A wallet on the operator's lines is paid from one of its numbers, the check the mobile-money panel makes
 * (spec §4 "Mobile money": 'Please enter valid ... number'): any other number is refused here, in the payer's
 * language, before the wallet is asked (which would refuse it in its own words).
 */
async function checkWalletPayer(ctx: PaymentContext, payer: string) {
  if (await lineOf(ctx.deps.subscribers, payer)) return;
  throw new AppError('NOT_OPERATOR_NUMBER', { params: { brand: (await ctx.deps.config()).brandName } });
}

/**
 * The method must be one the payment page would offer for this purchase; the page is not the only client.
 */
export async function checkMethod(ctx: PaymentContext, body: InitiateBody, method: Method, payer: string) {
  const provider = method.provider;
  const emailProblem = paymentEmailError(body.paymentMode, body.emailId);
  if (emailProblem) throw new AppError(errorNameOfText(emailProblem) ?? 'INVALID_EMAIL');
  if (OPERATOR_LINE_WALLETS.has(provider.id)) await checkWalletPayer(ctx, payer);
  if (method.rule.kind === 'airtime') {
    const selfRecharge = airtimePayerError(body.transactionType, body.mobileNumber, payer);
    if (selfRecharge) throw new AppError('AIRTIME_SELF_RECHARGE');
    await checkAirtime(ctx, body, payer);
  }
  if (provider.currencies && !provider.currencies.includes(body.currencyCode)) {
    throw new AppError('METHOD_CURRENCY', { params: { currency: body.currencyCode } });
  }
  if (onlyMobileMoney(await ctx.deps.config(), body.amount) && provider.id !== 'momo') {
    throw new AppError('MOBILE_MONEY_ONLY');
  }
}
