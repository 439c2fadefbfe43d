import { redirect } from 'react-router';
import { DEFAULT_ERROR_TEXT } from '@portal/contract/default-error-text';
import { emailError, isMsisdn, MSG, msisdnError, typedMobileNumber } from '@portal/contract/rules';
import { PURCHASE_PARAM } from '@portal/contract/render';
import { errorMessage } from '@/lib/api';
import { failedCheck, lineCheckQuery } from '@/domain/number-check/msisdn-field';
import { asPurchaseContext, type PurchaseContext } from '@/lib/purchase-context';
import { getPaymentOptions } from '@/features/payment/api/get-payment-options';
import { initiatePayment } from '@/features/payment/api/initiate-payment';
import { DECLINE_BUY_AGAIN, earlierPurchaseOf } from '@/features/payment/utils/buy-again';
import { processPayment } from '@/features/payment/api/process-payment';
import {
  cardInitiation,
  cardProcess,
  initiationPayload,
  optionsInput,
  processPayload,
} from '@/features/payment/utils/initiation';
import { cardGateways, filterForAmount, plainPushMode } from '@/features/payment/utils/payment-options';
import type { PushMode } from '@/features/payment/hooks/use-push-payment';
import type { PlainStart } from '@/features/payment/components/plain-payment-fields';
import { MOBILE_MONEY_REQUEST_TYPE, walletNumberProblem } from '@/features/payment/utils/wallet-number';
import { airtimePayment } from './airtime-action';
import { invalid, toStatus, type ActionContext, type ActionResult } from './form';
import { buyAgain, paymentEmail } from './payment-fields';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a payment form starts (PlainPaymentFields' `intent`). */
const isIntent = (intent: string | undefined): intent is PlainStart['intent'] =>
  intent === 'card' || intent === 'push' || intent === 'airtime';

/**
 * The payment page's card form without JavaScript: the purchase sealed in the URL, the email and gateway
 * sent, started as the scripted page starts it (initiate with the form's Idempotency-Key, then process),
 * and the browser sent on to the gateway's hosted page. A resent form answers with the same transaction.
 * A push prompt (MPESA, mobile money by prompt) is started the same way (below); airtime, after its code and
 * 'Are you sure?' (airtime-action.ts). Methods that need a script (an encrypted PIN, a popup) are not offered
 * this way.
 */
export async function paymentAction(context: ActionContext): Promise<ActionResult> {
  const { fields } = context;
  const page = new URL(context.request.url);
  // "Don't buy again" (or Enter in a field, which presses it): the payment page again, without the question,
  // as the live dialog's Cancel closes it and leaves the payer where they were.
  if (fields[DECLINE_BUY_AGAIN.name] === DECLINE_BUY_AGAIN.value) {
    return redirect(page.pathname + page.search, 303);
  }
  const token = page.searchParams.get(PURCHASE_PARAM) ?? '';
  const purchase = asPurchaseContext(context.server.openPurchase(token));
  const email = purchase ? paymentEmail(purchase, fields) : '';
  const gateway = fields['paymentGateway'] ?? '';
  const attempt = fields['attempt'] ?? '';
  const values = { email, paymentGateway: gateway };
  const intent = fields['intent'];
  if (!purchase || !isIntent(intent) || !UUID_RE.test(attempt)) {
    return redirect(context.localePath('/payment/start'), 303);
  }
  if (intent === 'push') return pushPayment(context, purchase, attempt);
  if (intent === 'airtime') return airtimePayment({ context, purchase, token, attempt });
  const problem = emailError(email);
  if (problem) return invalid({ values, errors: { email: problem } });

  try {
    const gateways = cardGateways(await getPaymentOptions(optionsInput(purchase)));
    if (!gateways.some((option) => option.paymentGateway === gateway)) {
      return invalid({ values, errors: {}, message: DEFAULT_ERROR_TEXT });
    }
    const initiation = { ...cardInitiation(purchase, gateway, email), ...buyAgain(fields) };
    const { transactionId } = await initiatePayment(initiation, attempt);
    const processed = await processPayment(cardProcess(purchase, transactionId, gateway));
    if (processed.redirectUrl) return redirect(processed.redirectUrl, 303);
    return toStatus(context, transactionId);
  } catch (error) {
    const earlier = earlierPurchaseOf(error);
    if (earlier) return invalid({ values, earlier });
    return invalid({ values, message: errorMessage(error) });
  }
}

/**
 * The live mobile-money panel's check of the wallet number (an operator number, spec §4 "Mobile money"), through
 * the same query: its words when the number is refused or the check got no answer. The query's result stays in
 * the render's cache, so the page shows the check as the live page would.
 */
async function walletNumberError(context: ActionContext, payer: string): Promise<string | undefined> {
  try {
    await context.queryClient.fetchQuery(lineCheckQuery(payer, { requestType: MOBILE_MONEY_REQUEST_TYPE }));
    return undefined;
  } catch (error) {
    return walletNumberProblem(failedCheck(error));
  }
}

/** What a push payment's form is refused with: the number's or the email's rule, by field. */
async function pushProblems(
  context: ActionContext,
  mode: PushMode,
  payer: string,
  email: string,
): Promise<Record<string, string>> {
  const problems: Record<string, string> = {};
  // A number cut short is wrong here too: the plain form is sent as it is.
  if (!isMsisdn(payer)) problems['payer'] = msisdnError(payer) ?? MSG.invalidMobile;
  // Mobile money takes an operator number only, as the live panel checks before it lets the payer go on.
  else if (mode === 'NAIJA_MONEY_PUSH') {
    const refused = await walletNumberError(context, payer);
    if (refused) problems['payer'] = refused;
  }
  // MPESA asks for the receipt's email; mobile money sends the purchase's.
  const mail = mode === 'MPESA' ? emailError(email) : undefined;
  if (mail) problems['email'] = mail;
  return problems;
}

/**
 * A push-prompt payment (MPESA, mobile money by prompt) as a plain form: the payer approves on the phone, so
 * nothing here needs a script. Started as the live page starts it (initiate with the form's Idempotency-Key,
 * process), then the status page, which refreshes itself until the payer answered.
 */
async function pushPayment(context: ActionContext, purchase: PurchaseContext, attempt: string) {
  const { fields } = context;
  const payer = typedMobileNumber(fields['payer'] ?? '');
  const email = paymentEmail(purchase, fields);
  const values = { payer, email };
  try {
    const options = filterForAmount(await getPaymentOptions(optionsInput(purchase)), purchase);
    const enableAmPin = context.config.enableAmPin ?? false;
    const mode = options
      .map((option) => plainPushMode(option, enableAmPin))
      .find((m) => m === fields['mode']);
    if (!mode) return invalid({ values, message: DEFAULT_ERROR_TEXT });
    const problems = await pushProblems(context, mode, payer, email);
    if (Object.keys(problems).length) return invalid({ values, errors: problems });
    const details = { paymentMode: mode, payer, emailId: email.trim() };
    const initiation = { ...initiationPayload(purchase, details), ...buyAgain(fields) };
    const { transactionId } = await initiatePayment(initiation, attempt);
    await processPayment(processPayload(purchase, transactionId, details));
    return toStatus(context, transactionId);
  } catch (error) {
    const earlier = earlierPurchaseOf(error);
    if (earlier) return invalid({ values, earlier });
    return invalid({ values, message: errorMessage(error) });
  }
}
