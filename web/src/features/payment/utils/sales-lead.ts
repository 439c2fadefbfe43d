import { salesWorksKeys } from '@portal/contract/forms';
import { OPERATOR_TITLE } from '@portal/contract/operator';
import type { PaymentMode } from '@portal/contract/api/payments';
import type { PurchaseContext } from '@/lib/purchase-context';

/** `isNaijaWorks` and `id` in sessionStorage (spec §3, §6; set by the home-broadband lead pages). */
const KEYS = salesWorksKeys(OPERATOR_TITLE);

/**
 * The enterprise sales-lead mode of spec §6: on when the purchase is a lead's (HBB_LEADS) and names its lead
 * (sealed by the server for a plain form), or the sales-works flag is set with a lead id. A flag left over from
 * an earlier lead is cleared when another purchase comes here.
 */
export function salesLead(
  context: Pick<PurchaseContext, 'transactionType' | 'leadId'>,
): { leadId: string } | undefined {
  if (context.transactionType === 'HBB_LEADS' && context.leadId) return { leadId: context.leadId };
  try {
    const id = sessionStorage.getItem(KEYS.id);
    if (sessionStorage.getItem(KEYS.flag) !== 'true' || !id) return undefined;
    if (context.transactionType !== 'HBB_LEADS') {
      sessionStorage.removeItem(KEYS.flag);
      sessionStorage.removeItem(KEYS.id);
      return undefined;
    }
    return { leadId: id };
  } catch {
    return undefined;
  }
}

/** The hybrid payment modes of the sales-lead mode: the card gateway as HBB_LEADS, airtime as HBB_AIRTIME. */
export function salesLeadMode(mode: PaymentMode): PaymentMode {
  if (mode === 'PAYMENT_GATEWAY') return 'HBB_LEADS';
  if (mode === 'AIR_TIME') return 'HBB_AIRTIME';
  return mode;
}
