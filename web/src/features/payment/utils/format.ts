import { COUNTRY_CODE, formatNaira } from '@portal/contract/rules';
import type { PurchaseContext } from '@/lib/purchase-context';

/** 'NGN 12,345.50' */
export function amountText(context: Pick<PurchaseContext, 'amount' | 'currency'>, language = 'en'): string {
  return `${context.currency || 'NGN'} ${formatNaira(context.amount, language)}`;
}

/** '+234 8021000001' */
export function numberText(national: string): string {
  return `+${COUNTRY_CODE} ${national}`;
}
