import { DEFAULT_ERROR_TEXT } from '@portal/contract/default-error-text';
import { ERROR_CODES } from '@portal/contract/error-codes';
import { digitsOnly, OTP_LENGTH, typedMobileNumber } from '@portal/contract/rules';
import { ApiError, errorMessage } from '@/lib/api';
import { bundlesQuery } from '@/domain/bundles/bundle-list';
import { lineCheckQuery } from '@/domain/number-check/msisdn-field';
import { WRONG_CODE, codeRefusal, refusalValues, type CodeRefusal } from '@/domain/otp/code-refusal';
import { resendOtp, verifyOtp } from '@/domain/otp/otp-api';
import { RESEND_WAIT, resendAtOf, secondsUntilResend } from '@/domain/otp/resend-wait';
import { queryBroadbandBalance } from '@/features/broadband/api/query-balance';
import { BROADBAND_LINE_CHECK, BROADBAND_LINE_TYPES } from '@/features/broadband/utils/broadband-rules';
import {
  BALANCE_CODE_FIELD,
  BALANCE_INTENT_FIELD,
  BALANCE_ROWS,
  BALANCE_SEAL_FIELD,
  BALANCE_STEP,
  CODE_RESENT,
  NEW_CODE,
  asBalanceSeal,
  balanceIntentOf,
  type BalanceIntent,
  type BalanceSeal,
} from '@/features/broadband/utils/plain-balance';
import { answered, invalid, type ActionContext, type ActionResult } from './form';
import { broadbandAction, checkLine } from './journey-actions';

/**
 * /broadband-recharge's forms (spec §2 "Broadband recharge"): the number's plans (journey-actions'
 * broadbandAction), and 'Fetch your Data Balance' for a browser that runs no JavaScript, with the same calls in
 * the same order as the live page: the number checked as a broadband line, `query-balance` without a
 * uniqueCode (the code goes to the device), the code step (verify-otp, resend-otp), then `query-balance` with
 * the uniqueCode; the page again with the balances in it and the number's plans. A refused code is said in
 * place (with the attempts left), a code that can no longer be used says to ask for a new one, a send refused
 * at the daily limit says about how long to wait.
 */
export async function broadbandRechargeAction(context: ActionContext): Promise<ActionResult> {
  const intent = balanceIntentOf(context.fields[BALANCE_INTENT_FIELD]);
  return intent ? STEPS[intent](context) : broadbandAction(context);
}

const STEPS: Record<BalanceIntent, (context: ActionContext) => Promise<ActionResult>> = {
  send: sendCode,
  resend: resendCode,
  code: showBalance,
};

/** The page's line check for `msisdn` (its query filled, so the page renders its result). */
const checkBroadband = (context: ActionContext, msisdn: string) =>
  checkLine(context, msisdn, lineCheckQuery(msisdn, BROADBAND_LINE_CHECK), BROADBAND_LINE_TYPES);

/**
 * The number's form again, with `values` and `message`: the number checked as the page checks it, and its plans
 * read when it is accepted (their list query filled, else the server's HTML would hold a loader that nothing
 * finishes without JavaScript).
 */
async function numberForm(
  context: ActionContext,
  msisdn: string,
  { values = {}, message }: { values?: Record<string, string>; message?: string } = {},
): Promise<ActionResult> {
  const line = await checkBroadband(context, msisdn);
  if (line.error) return invalid({ values: { msisdn }, errors: { msisdn: line.error } });
  await context.queryClient.prefetchQuery(bundlesQuery(msisdn, line.lineType, context.language.code));
  const all = { msisdn, ...values };
  return message ? invalid({ values: all, message }) : answered(all);
}

/** The sealed request of the code step, or the number's form again where it did not open (altered, too old). */
function openSeal(context: ActionContext): BalanceSeal | undefined {
  return asBalanceSeal(context.server.openPurchase(context.fields[BALANCE_SEAL_FIELD] ?? ''));
}

const lostState = (context: ActionContext) =>
  numberForm(context, typedMobileNumber(context.fields['msisdn'] ?? ''), { message: DEFAULT_ERROR_TEXT });

/** A code that cannot be tried again (attempts exhausted, expired, already used): a new one is needed. */
function needsNewCode(error: unknown, refusal: CodeRefusal): boolean {
  if (refusal.attemptsLeft === 0) return true;
  return error instanceof ApiError && error.statusCode === ERROR_CODES.otpExpired;
}

/**
 * The code step, carrying `seal`: a refused code said in place (never the code itself), the seconds left where
 * Resend was pressed too early, 'we sent a new code' after a resend.
 */
async function atCode(
  context: ActionContext,
  seal: BalanceSeal,
  options: { refusal?: CodeRefusal; newCode?: boolean; resent?: boolean; wait?: number } = {},
): Promise<ActionResult> {
  const { refusal, newCode = false, resent = false, wait } = options;
  // The number's field above the step shows its check, as the page does.
  await context.queryClient.prefetchQuery(lineCheckQuery(seal.msisdn, BROADBAND_LINE_CHECK));
  const values = {
    msisdn: seal.msisdn,
    [BALANCE_STEP]: 'code',
    [BALANCE_SEAL_FIELD]: context.server.sealPurchase(seal),
    recipient: seal.recipient,
    ...(resent ? { [CODE_RESENT]: 'yes' } : {}),
    ...(newCode ? { [NEW_CODE]: 'yes' } : {}),
    ...(wait ? { [RESEND_WAIT]: String(wait) } : {}),
    ...refusalValues(refusal),
  };
  return refusal ? invalid({ values, errors: { [BALANCE_CODE_FIELD]: refusal.text } }) : answered(values);
}

/** 'Fetch your Data Balance': the number checked as a broadband line, then the code sent to the device. */
async function sendCode(context: ActionContext): Promise<ActionResult> {
  const msisdn = typedMobileNumber(context.fields['msisdn'] ?? '');
  const line = await checkBroadband(context, msisdn);
  if (line.error) return invalid({ values: { msisdn }, errors: { msisdn: line.error } });
  try {
    const sent = await queryBroadbandBalance({ msisdn });
    if (!sent.txnRefId) return numberForm(context, msisdn, { message: DEFAULT_ERROR_TEXT });
    return atCode(context, {
      kind: 'broadband-balance',
      msisdn,
      txnRefId: sent.txnRefId,
      recipient: sent.otpRecipient ?? '',
      resendAt: resendAtOf({ resendAfterSeconds: sent.resendAfterSeconds ?? 60 }),
    });
  } catch (error) {
    const refusal = codeRefusal(error);
    return numberForm(context, msisdn, { values: refusalValues(refusal), message: refusal.text });
  }
}

/** A new code; asked for too early, the seconds left are said instead (domain/otp/resend-wait). */
async function resendCode(context: ActionContext): Promise<ActionResult> {
  const seal = openSeal(context);
  if (!seal) return lostState(context);
  const wait = secondsUntilResend(seal.resendAt);
  if (wait > 0) return atCode(context, seal, { wait });
  try {
    const challenge = await resendOtp(seal.txnRefId);
    const renewed: BalanceSeal = {
      ...seal,
      txnRefId: challenge.otpId,
      recipient: challenge.otpRecipient,
      resendAt: resendAtOf(challenge),
    };
    return atCode(context, renewed, { resent: true });
  } catch (error) {
    const refusal = codeRefusal(error);
    // The request is gone (its code used, or too old): 'Fetch your Data Balance' starts a new one.
    if (error instanceof ApiError && error.statusCode === ERROR_CODES.otpExpired) {
      return numberForm(context, seal.msisdn, { message: refusal.text });
    }
    return atCode(context, seal, { refusal });
  }
}

/** 'Show balance': the code verified (a refusal said in place), then the device's balances in the page. */
async function showBalance(context: ActionContext): Promise<ActionResult> {
  const seal = openSeal(context);
  if (!seal) return lostState(context);
  const code = digitsOnly(context.fields[BALANCE_CODE_FIELD] ?? '');
  if (code.length !== OTP_LENGTH) return atCode(context, seal, { refusal: WRONG_CODE });
  let uniqueCode: string;
  try {
    ({ uniqueCode } = await verifyOtp(seal.txnRefId, code));
  } catch (error) {
    const refusal = codeRefusal(error);
    return atCode(context, seal, { refusal, newCode: needsNewCode(error, refusal) });
  }
  try {
    const result = await queryBroadbandBalance({ msisdn: seal.msisdn, uniqueCode });
    return numberForm(context, seal.msisdn, {
      values: {
        [BALANCE_STEP]: 'balance',
        [BALANCE_ROWS]: JSON.stringify(result.queryBalanceResult ?? []),
      },
    });
  } catch (error) {
    return numberForm(context, seal.msisdn, { message: errorMessage(error) });
  }
}
