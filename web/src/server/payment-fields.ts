import type { PurchaseContext } from '@/lib/purchase-context';
import { salesLead } from '@/features/payment/utils/sales-lead';

/*
 * What the payment page's plain forms send alike (web/src/server/payment-action.ts, airtime-action.ts).
 */

/**
 * The payment's email: a lead's own (read-only on the page), whatever the form sent; else the form's, or the
 * purchase's where the form has no email field (mobile money).
 */
export function paymentEmail(purchase: PurchaseContext, fields: Record<string, string>): string {
  return (salesLead(purchase) && purchase.emailId) || (fields['email'] ?? purchase.emailId ?? '');
}

/** "Buy again" after the server named an earlier identical purchase (decision 0070). */
export function buyAgain(fields: Record<string, string>) {
  return fields['confirmDuplicate'] === 'yes' ? { confirmDuplicate: true } : {};
}
