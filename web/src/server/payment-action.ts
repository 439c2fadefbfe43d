import { redirect } from 'react-router';
import { DEFAULT_ERROR_TEXT } from '@portal/contract/default-error-text';
import { emailError } from '@portal/contract/rules';
import { PURCHASE_PARAM } from '@portal/contract/render';
import { errorMessage } from '@/lib/api';
import { asPurchaseContext } from '@/lib/purchase-context';
import { getPaymentOptions } from '@/features/payment/api/get-payment-options';
import { initiatePayment } from '@/features/payment/api/initiate-payment';
import { earlierPurchaseOf } from '@/features/payment/utils/buy-again';
import { processPayment } from '@/features/payment/api/process-payment';
import { cardInitiation, cardProcess, optionsInput } from '@/features/payment/utils/initiation';
import { cardGateways } from '@/features/payment/utils/payment-options';
import { salesLead } from '@/features/payment/utils/sales-lead';
import { invalid, type ActionContext, type ActionResult } from './form';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The payment page's card form without JavaScript: the purchase sealed in the URL, the email and gateway
 * sent, started as the scripted page starts it (initiate with the form's Idempotency-Key, then process),
 * and the browser sent on to the gateway's hosted page. A resent form answers with the same transaction.
 * Methods that need a script (a one-time code, an encrypted PIN, a popup) are not offered this way.
 */
export async function paymentAction(context: ActionContext): Promise<ActionResult> {
  const { fields } = context;
  const token = new URL(context.request.url).searchParams.get(PURCHASE_PARAM) ?? '';
  const purchase = asPurchaseContext(context.server.openPurchase(token));
  // A lead's payment goes with the request's own email (read-only on the page), whatever the form sent.
  const email = (purchase && salesLead(purchase) && purchase.emailId) || (fields['email'] ?? '');
  const gateway = fields['paymentGateway'] ?? '';
  const attempt = fields['attempt'] ?? '';
  const values = { email, paymentGateway: gateway };
  if (!purchase || fields['intent'] !== 'card' || !UUID_RE.test(attempt)) {
    return redirect(context.localePath('/payment/start'), 303);
  }
  const problem = emailError(email);
  if (problem) return invalid({ values, errors: { email: problem } });

  try {
    const gateways = cardGateways(await getPaymentOptions(optionsInput(purchase)));
    if (!gateways.some((option) => option.paymentGateway === gateway)) {
      return invalid({ values, errors: {}, message: DEFAULT_ERROR_TEXT });
    }
    // "Buy again" after the server named an earlier identical purchase (decision 0070).
    const again = fields['confirmDuplicate'] === 'yes' ? { confirmDuplicate: true } : {};
    const initiation = { ...cardInitiation(purchase, gateway, email), ...again };
    const { transactionId } = await initiatePayment(initiation, attempt);
    const processed = await processPayment(cardProcess(purchase, transactionId, gateway));
    if (processed.redirectUrl) return redirect(processed.redirectUrl, 303);
    return redirect(`${context.localePath('/payment/status')}?id=${encodeURIComponent(transactionId)}`, 303);
  } catch (error) {
    const earlier = earlierPurchaseOf(error);
    if (earlier) return invalid({ values, earlier });
    return invalid({ values, message: errorMessage(error) });
  }
}
