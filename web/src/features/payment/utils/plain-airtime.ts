import type { FormResult } from '@/lib/form-result';

/*
 * Paying with airtime as plain HTML forms (no JavaScript: web/src/server/airtime-action.ts): the email and
 * phone form sends the code; the code step; 'Are you sure?'; then the status page. What a step must carry to
 * the next travels sealed by the server (as the purchase in the URL does), so a visitor can neither read nor
 * change the number a code was verified for, or the uniqueCode it gave.
 */

/** The field that says what an airtime form asks for (its submit buttons' values). */
export const AIRTIME_ASK_FIELD = 'ask';
export const AIRTIME_ASKS = ['send', 'resend', 'cancel', 'code', 'yes', 'no'] as const;
export type AirtimeAsk = (typeof AIRTIME_ASKS)[number];

/** The hidden field that carries the sealed state from one step to the next. */
export const AIRTIME_SEAL_FIELD = 'airtime';

/** The value of the server's answer that names the step it answered with. */
export const AIRTIME_STEP = 'airtimeStep';
export type PlainAirtimeStep = 'code' | 'confirm' | 'insufficient';

/** The one-time code's field of the code step. */
export const AIRTIME_CODE_FIELD = 'code';

/** What the steps carry, sealed: the payer's challenge, then the uniqueCode of its verified code. */
export type AirtimeSeal = {
  kind: 'airtime-payment';
  /** The sealed purchase (the payment page's `?purchase=`) it is for: good for that purchase only. */
  purchase: string;
  payer: string;
  email: string;
  otpId: string;
  /** The masked number the code went to ('802****001'). */
  recipient: string;
  /** When a new code may be asked for (epoch ms; domain/otp/resend-wait). */
  resendAt?: number;
  /** Set once the code was verified. */
  uniqueCode?: string;
};

export function airtimeAskOf(value: string | undefined): AirtimeAsk | undefined {
  return AIRTIME_ASKS.find((ask) => ask === value);
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** The state a form carried, when the server sealed it for this purchase (anything else is refused). */
export function asAirtimeSeal(value: unknown, purchaseToken: string): AirtimeSeal | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const seal = value as Partial<AirtimeSeal>;
  const texts = [seal.payer, seal.email, seal.otpId, seal.recipient].every(isText);
  const uniqueCode = seal.uniqueCode === undefined || isText(seal.uniqueCode);
  const resendAt = seal.resendAt === undefined || Number.isFinite(seal.resendAt);
  const ours = seal.kind === 'airtime-payment' && seal.purchase === purchaseToken && purchaseToken !== '';
  return ours && texts && uniqueCode && resendAt ? (seal as AirtimeSeal) : undefined;
}

/** The step a plain airtime form was answered with, if any (else the email and phone form). */
export function plainAirtimeStep(result: FormResult | undefined): PlainAirtimeStep | undefined {
  const step = result?.values[AIRTIME_STEP];
  return step === 'code' || step === 'confirm' || step === 'insufficient' ? step : undefined;
}
