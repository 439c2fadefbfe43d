import { amountErrorOf, type AmountLimits } from '@portal/contract/rules';
import type { LineCheck } from '@/domain/number-check/msisdn-field';
import { linePurchaseContext, type PurchaseContext } from '@/lib/purchase-context';
import { PREPAID_RECHARGE_PATH } from '@/lib/journey-paths';

/**
 * The recharge page's decisions (spec §4, §5), as plain functions over the rules of contract/src/rules.ts.
 * They answer with the rule texts (English); the page translates them.
 */
export function amountMessage(amount: string, limits: AmountLimits | undefined, currency = 'NGN') {
  return limits ? amountErrorOf(amount, limits, { currency }) : undefined;
}

/** BUY is enabled only when the line type fits, an amount is present and there is no min/max error. */
export function canBuy(input: {
  check: LineCheck;
  expected: readonly string[];
  amount: string;
  limits: AmountLimits | undefined;
}): boolean {
  const { check, expected, amount, limits } = input;
  if (check.status !== 'success' || !expected.includes(check.lineType ?? '')) return false;
  if (!amount || Number(amount) <= 0 || !limits) return false;
  return amountMessage(amount, limits) === undefined;
}

/** The line check's request type on this page. */
export const PREPAID_RECHARGE_REQUEST = 'PREPAID_RECHARGE';
/** The prepaid page accepts prepaid lines only (spec §4). */
export const PREPAID_LINE_TYPES = ['PREPAID'] as const;

/** The purchase context (spec §3 queryData) of recharging `msisdn` with `amount` of airtime. */
export function prepaidRechargeContext(input: {
  msisdn: string;
  amount: number;
  lineType: string | undefined;
  currency: string;
  enableDualCurrency: boolean;
}): Omit<PurchaseContext, 'attempt'> {
  return linePurchaseContext(input, {
    transactionType: 'PREPAID_RECHARGE',
    rechargeType: 'PREPAID RECHARGE',
    redirectPage: PREPAID_RECHARGE_PATH,
  });
}
