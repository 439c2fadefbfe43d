import { amountErrorOf, type AmountLimits } from '@portal/contract/rules';
import { linePurchaseContext, type PurchaseContext } from '@/lib/purchase-context';
import { BILL_PAY_PATH } from '@/lib/journey-paths';

/**
 * The postpaid page's rules (spec §4, §5). Line types: POSTPAID, and HYBRID when the hybrid check
 * (configData.postpaidHybridCheck) is on. The line check is then asked as HYBRID_POSTPAID_CHECK.
 */
/** What a plain postpaid form's submit buttons ask for (`intent`): pay, or fetch the bill by account number. */
export const BILL_INTENT = { pay: 'pay', fetchBill: 'fetch-bill' } as const;

/**
 * The intent of a plain postpaid form. Enter presses the form's first button, which pays; Enter pressed in the
 * account number field with no amount typed can only mean fetching the bill, so it fetches (it would otherwise
 * refuse the empty amount).
 */
export function billIntent(fields: { intent?: string; amount?: string; accountNo?: string }): string {
  if (fields.intent === BILL_INTENT.pay && !fields.amount?.trim() && fields.accountNo?.trim())
    return BILL_INTENT.fetchBill;
  return fields.intent ?? BILL_INTENT.pay;
}

export function postpaidLineTypes(postpaidHybridCheck: boolean): readonly string[] {
  return postpaidHybridCheck ? ['POSTPAID', 'HYBRID'] : ['POSTPAID'];
}

export function postpaidRequestType(postpaidHybridCheck: boolean): string {
  return postpaidHybridCheck ? 'HYBRID_POSTPAID_CHECK' : 'POSTPAID_BILL';
}

export type BillAmount = {
  /** The text for the amount field ('' when nothing is due). */
  amount: string;
  /** True when a fractional bill was rounded up (the page says so). */
  rounded: boolean;
  nothingDue: boolean;
};

/**
 * The amount a fetched bill puts in the field (spec §4 "Postpaid fetch bill"): the total outstanding; with
 * beta.amountToHigherValueFeature on, a fractional amount is rounded up to the next naira.
 */
export function billAmount(totalOutstanding: number, roundUp: boolean): BillAmount {
  const kobo = Math.round(totalOutstanding * 100);
  if (kobo <= 0) return { amount: '', rounded: false, nothingDue: true };
  if (kobo % 100 === 0) return { amount: String(kobo / 100), rounded: false, nothingDue: false };
  if (roundUp) return { amount: String(Math.ceil(kobo / 100)), rounded: true, nothingDue: false };
  return { amount: (kobo / 100).toFixed(2), rounded: false, nothingDue: false };
}

/**
 * What is wrong with the amount typed. A bill can carry kobo: when the higher-value feature is off, a fetched
 * fractional bill stays as it is, so kobo are taken then; with it on, amounts are whole (spec §5: digits only).
 */
export function billAmountError(
  amount: string,
  limits: AmountLimits,
  { currency = 'NGN', roundUp }: { currency?: string; roundUp: boolean },
): string | undefined {
  return amountErrorOf(amount, limits, { currency, kobo: !roundUp });
}

/** MAKE A PAYMENT is enabled only for an accepted line, an amount, and no min/max or kobo error. */
export function canPayBill(input: {
  lineOk: boolean;
  amount: string;
  limits: AmountLimits | undefined;
  roundUp: boolean;
}): boolean {
  const { lineOk, amount, limits, roundUp } = input;
  if (!lineOk || !limits || !amount || !(Number(amount) > 0)) return false;
  return billAmountError(amount, limits, { roundUp }) === undefined;
}

/** The purchase context of paying `amount` of the postpaid bill of `msisdn` (and its account, when fetched). */
export function postpaidBillContext(input: {
  msisdn: string;
  amount: number;
  lineType: string | undefined;
  accountNo: string | undefined;
  currency: string;
  enableDualCurrency: boolean;
}): Omit<PurchaseContext, 'attempt'> {
  return linePurchaseContext(input, {
    transactionType: 'POSTPAID_BILL',
    rechargeType: 'POSTPAID BILL PAYMENT',
    redirectPage: BILL_PAY_PATH,
    ...(input.accountNo ? { invoiceDetail: { accountNo: input.accountNo } } : {}),
  });
}
