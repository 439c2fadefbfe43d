import type { BalanceEntry } from '@portal/contract/api/bills';
import type { FormResult } from '@/lib/form-result';

/*
 * 'Fetch your Data Balance' as plain HTML forms (no JavaScript: web/src/server/broadband-balance-action.ts): the
 * number's form sends the code to the device; the code step; then the page with the balances in it (spec §2
 * "Broadband recharge"). What the code step carries (the number and the code's reference) travels sealed by the
 * server, so a visitor can neither read nor change the number a code was sent for.
 */

/** The field that says what a balance form asks for (its submit buttons' values). */
export const BALANCE_INTENT_FIELD = 'intent';
export const BALANCE_INTENTS = {
  /** 'Fetch your Data Balance': the number checked, the code sent. */
  send: 'balance',
  /** 'Show balance': the code verified, the balances read. */
  code: 'balance-code',
  /** A new code for the same request. */
  resend: 'balance-resend',
} as const;
export type BalanceIntent = keyof typeof BALANCE_INTENTS;

/** The hidden field that carries the sealed state of the code step. */
export const BALANCE_SEAL_FIELD = 'balanceRequest';

/** The one-time code's field of the code step. */
export const BALANCE_CODE_FIELD = 'code';

/** The value of the server's answer that names the step it answered with. */
export const BALANCE_STEP = 'balanceStep';
export type PlainBalanceStep = 'code' | 'balance';

/** The value of the answer that holds the balances read (JSON of the rows; shown, never sent back). */
export const BALANCE_ROWS = 'balances';

/** The value of an answer whose code can no longer be used: it says to ask for a new one. */
export const NEW_CODE = 'newCode';

/** The value of an answer saying a new code was sent. */
export const CODE_RESENT = 'resent';

/** What the code step carries, sealed: the device's number and the reference of the code sent to it. */
export type BalanceSeal = {
  kind: 'broadband-balance';
  msisdn: string;
  /** query-balance's txnRefId: the one-time code's id, to verify and resend it with. */
  txnRefId: string;
  /** The masked number the code went to ('902****005'). */
  recipient: string;
  /** When a new code may be asked for (epoch ms; domain/otp/resend-wait). */
  resendAt?: number;
};

export function balanceIntentOf(value: string | undefined): BalanceIntent | undefined {
  return (Object.keys(BALANCE_INTENTS) as BalanceIntent[]).find(
    (intent) => BALANCE_INTENTS[intent] === value,
  );
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** The state a form carried, when the server sealed it for a balance request (anything else is refused). */
export function asBalanceSeal(value: unknown): BalanceSeal | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const seal = value as Partial<BalanceSeal>;
  const texts = [seal.msisdn, seal.txnRefId, seal.recipient].every(isText) && seal.txnRefId !== '';
  const resendAt = seal.resendAt === undefined || Number.isFinite(seal.resendAt);
  return seal.kind === 'broadband-balance' && texts && resendAt ? (seal as BalanceSeal) : undefined;
}

/** The step a plain balance form was answered with, if any. */
export function plainBalanceStep(result: FormResult | undefined): PlainBalanceStep | undefined {
  const step = result?.values[BALANCE_STEP];
  return step === 'code' || step === 'balance' ? step : undefined;
}

const isEntry = (row: unknown): row is BalanceEntry => {
  if (!row || typeof row !== 'object') return false;
  const entry = row as Record<string, unknown>;
  return (
    isText(entry['balanceDescription']) &&
    isText(entry['balanceType']) &&
    isText(entry['unitType']) &&
    (entry['balance'] === null || typeof entry['balance'] === 'number') &&
    (entry['expireTime'] === null || isText(entry['expireTime']))
  );
};

/** The balances an answer holds (its balance step), else undefined. */
export function balancesOf(result: FormResult | undefined): BalanceEntry[] | undefined {
  if (plainBalanceStep(result) !== 'balance') return undefined;
  try {
    const rows: unknown = JSON.parse(result?.values[BALANCE_ROWS] ?? '');
    return Array.isArray(rows) ? rows.filter(isEntry) : undefined;
  } catch {
    return undefined;
  }
}
