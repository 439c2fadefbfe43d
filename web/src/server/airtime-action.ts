import { DEFAULT_ERROR_TEXT } from '@portal/contract/default-error-text';
import { digitsOnly, OTP_LENGTH, typedMobileNumber } from '@portal/contract/rules';
import { errorMessage } from '@/lib/api';
import type { PurchaseContext } from '@/lib/purchase-context';
import { WRONG_CODE, codeRefusal, refusalValues, type CodeRefusal } from '@/domain/otp/code-refusal';
import { resendOtp, sendOtp, verifyOtp } from '@/domain/otp/otp-api';
import { RESEND_WAIT, resendAtOf, secondsUntilResend } from '@/domain/otp/resend-wait';
import { getPaymentOptions } from '@/features/payment/api/get-payment-options';
import { initiatePayment } from '@/features/payment/api/initiate-payment';
import { processPayment } from '@/features/payment/api/process-payment';
import { queryAirtimeBalance } from '@/features/payment/api/query-airtime-balance';
import { airtimeDetails, airtimeFormProblems, coversAmount } from '@/features/payment/utils/airtime';
import { earlierPurchaseOf } from '@/features/payment/utils/buy-again';
import { initiationPayload, optionsInput, processPayload } from '@/features/payment/utils/initiation';
import { filterForAmount } from '@/features/payment/utils/payment-options';
import {
  AIRTIME_ASK_FIELD,
  AIRTIME_CODE_FIELD,
  AIRTIME_SEAL_FIELD,
  AIRTIME_STEP,
  airtimeAskOf,
  asAirtimeSeal,
  type AirtimeAsk,
  type AirtimeSeal,
} from '@/features/payment/utils/plain-airtime';
import { answered, invalid, toStatus, type ActionContext, type ActionResult } from './form';
import { buyAgain, paymentEmail } from './payment-fields';

/**
 * Paying with airtime as plain HTML forms (spec §4 "Airtime payment"), for a browser that runs no JavaScript:
 * the same calls in the same order as the live page (use-airtime-payment). The email and phone form sends the
 * code; the code step verifies it, then reads the payer's balance: 'Are you sure?' when it covers the amount,
 * else the form with the insufficient-balance message; Yes initiates (the form's Idempotency-Key) and processes,
 * then the status page. What one step hands the next (the challenge, then the verified uniqueCode, and the
 * number they are for) is sealed by the server for this purchase: a visitor can neither read nor change it.
 */
type AirtimeForm = {
  context: ActionContext;
  purchase: PurchaseContext;
  /** The sealed purchase of the page's URL. */
  token: string;
  /** The Idempotency-Key the page's form carries. */
  attempt: string;
};

type Step = AirtimeForm & { seal: AirtimeSeal | undefined };

const ASKS: Record<AirtimeAsk, (step: Step) => Promise<ActionResult>> = {
  send: sendCode,
  resend: resendCode,
  code: checkCode,
  yes: payByAirtime,
  no: backToForm,
  cancel: backToForm,
};

export async function airtimePayment(form: AirtimeForm): Promise<ActionResult> {
  const { fields, server } = form.context;
  const seal = asAirtimeSeal(server.openPurchase(fields[AIRTIME_SEAL_FIELD] ?? ''), form.token);
  const ask = airtimeAskOf(fields[AIRTIME_ASK_FIELD]);
  return (ask ? ASKS[ask] : backToForm)({ ...form, seal });
}

/** What the email and phone form shows again: the payer and email as the form had them. */
const formValues = (seal: Pick<AirtimeSeal, 'payer' | 'email'>) => ({ payer: seal.payer, email: seal.email });

/** The form again, where a step's sealed state did not open (altered, or older than the purchase's two hours). */
const lostState = () => invalid({ values: {}, message: DEFAULT_ERROR_TEXT });

/** No of 'Are you sure?', Cancel of the code: the form again, as it was sent. */
async function backToForm({ seal }: Step) {
  return answered(seal ? formValues(seal) : {});
}

/**
 * The code step, carrying `seal`; a refused code said in place (never the code itself), and the seconds left
 * where Resend was pressed too early.
 */
function atCode(
  { context }: Step,
  seal: AirtimeSeal,
  { refusal, resent = false, wait }: { refusal?: CodeRefusal; resent?: boolean; wait?: number } = {},
) {
  const values = {
    ...formValues(seal),
    [AIRTIME_STEP]: 'code',
    [AIRTIME_SEAL_FIELD]: context.server.sealPurchase(seal),
    recipient: seal.recipient,
    ...(resent ? { resent: 'yes' } : {}),
    ...(wait ? { [RESEND_WAIT]: String(wait) } : {}),
    ...refusalValues(refusal),
  };
  return refusal ? invalid({ values, errors: { [AIRTIME_CODE_FIELD]: refusal.text } }) : answered(values);
}

/** 'Are you sure?', carrying the verified seal (and the earlier purchase, when the server named one). */
function atConfirm({ context }: Step, verified: AirtimeSeal, earlier?: ReturnType<typeof earlierPurchaseOf>) {
  const values = {
    ...formValues(verified),
    [AIRTIME_STEP]: 'confirm',
    [AIRTIME_SEAL_FIELD]: context.server.sealPurchase(verified),
  };
  return earlier ? invalid({ values, earlier }) : answered(values);
}

/** Airtime is offered for this purchase, as the page lists it (the same filtering). */
async function offersAirtime(purchase: PurchaseContext): Promise<boolean> {
  const options = filterForAmount(await getPaymentOptions(optionsInput(purchase)), purchase);
  return options.some((option) => option.type === 'AIRTIME');
}

/** The email and phone form: checked with the airtime form's rules, then the code sent to the payer. */
async function sendCode(step: Step) {
  const { context, purchase, token } = step;
  const payer = typedMobileNumber(context.fields['payer'] ?? '');
  const email = paymentEmail(purchase, context.fields);
  const values = { payer, email };
  const errors = airtimeFormProblems(purchase, payer, email);
  if (Object.keys(errors).length) return invalid({ values, errors });
  try {
    if (!(await offersAirtime(purchase))) return invalid({ values, message: DEFAULT_ERROR_TEXT });
    // Bound to the amount, as the live page sends it: its uniqueCode can pay this amount and no other.
    const challenge = await sendOtp({ msisdn: payer, amount: purchase.amount });
    const seal: AirtimeSeal = {
      kind: 'airtime-payment',
      purchase: token,
      payer,
      email,
      otpId: challenge.otpId,
      recipient: challenge.otpRecipient,
      resendAt: resendAtOf(challenge),
    };
    return atCode(step, seal);
  } catch (error) {
    const refusal = codeRefusal(error);
    return invalid({ values: { ...values, ...refusalValues(refusal) }, message: refusal.text });
  }
}

async function resendCode(step: Step) {
  const { seal } = step;
  if (!seal) return lostState();
  const wait = secondsUntilResend(seal.resendAt);
  if (wait > 0) return atCode(step, seal, { wait });
  try {
    const challenge = await resendOtp(seal.otpId);
    const renewed = {
      ...seal,
      otpId: challenge.otpId,
      recipient: challenge.otpRecipient,
      resendAt: resendAtOf(challenge),
    };
    return atCode(step, renewed, { resent: true });
  } catch (error) {
    return atCode(step, seal, { refusal: codeRefusal(error) });
  }
}

/** The code verified (a refusal said in place), then the payer's balance decides what comes next. */
async function checkCode(step: Step) {
  const { context, purchase, seal } = step;
  if (!seal) return lostState();
  const code = digitsOnly(context.fields[AIRTIME_CODE_FIELD] ?? '');
  if (code.length !== OTP_LENGTH) return atCode(step, seal, { refusal: WRONG_CODE });
  let uniqueCode: string;
  try {
    ({ uniqueCode } = await verifyOtp(seal.otpId, code));
  } catch (error) {
    return atCode(step, seal, { refusal: codeRefusal(error) });
  }
  try {
    const balance = await queryAirtimeBalance(seal.payer, uniqueCode);
    if (coversAmount(balance, purchase.amount)) return atConfirm(step, { ...seal, uniqueCode });
    return answered({ ...formValues(seal), [AIRTIME_STEP]: 'insufficient' });
  } catch (error) {
    return invalid({ values: formValues(seal), message: errorMessage(error) });
  }
}

/** Yes of 'Are you sure?': initiated with the form's Idempotency-Key (a resent form pays once), processed. */
async function payByAirtime(step: Step) {
  const { context, purchase, seal, attempt } = step;
  if (!seal?.uniqueCode) return lostState();
  const details = airtimeDetails(seal.payer, seal.email, seal.uniqueCode);
  // The live page keeps the form's email with the purchase before it pays.
  const paying = { ...purchase, emailId: seal.email };
  try {
    const initiation = { ...initiationPayload(paying, details), ...buyAgain(context.fields) };
    const { transactionId } = await initiatePayment(initiation, attempt);
    await processPayment(processPayload(paying, transactionId, details));
    return toStatus(context, transactionId);
  } catch (error) {
    const earlier = earlierPurchaseOf(error);
    if (earlier) return atConfirm(step, seal, earlier);
    return invalid({ values: formValues(seal), message: errorMessage(error) });
  }
}
