import { ERROR_CODES } from '@portal/contract/error-codes';
import { PIN_ATTEMPTS } from '@portal/contract/rules';
import { ApiError, attemptsLeftOf, errorMessage } from '@/lib/api';

/** Wrong PIN: 1004 (mobile money), 56D005 (SmartCash); wallet locked: 1006 (spec §4, §8). */
export const WRONG_PIN_CODES: readonly string[] = [ERROR_CODES.wrongPin, ERROR_CODES.smartcashWrongPin];
export const WALLET_LOCKED_CODE = ERROR_CODES.walletLocked;

export type PinFailure =
  | { kind: 'wrong'; attemptsLeft: number }
  | { kind: 'locked' }
  /** Anything else; `final` when the server refused for good (the transaction cannot be retried). */
  | { kind: 'other'; message: string; final: boolean };

/**
 * What a failed PIN payment means for the PIN dialog. Attempts count down from 5: the server's
 * `attemptsLeft` when it sends one, else one less than before.
 */
export function pinFailureOf(error: unknown, attemptsBefore: number = PIN_ATTEMPTS): PinFailure {
  const code = error instanceof ApiError ? error.statusCode : '';
  if (WRONG_PIN_CODES.includes(code)) {
    const left = attemptsLeftOf(error) ?? Math.max(0, attemptsBefore - 1);
    return left > 0 ? { kind: 'wrong', attemptsLeft: left } : { kind: 'locked' };
  }
  if (code === WALLET_LOCKED_CODE) return { kind: 'locked' };
  return { kind: 'other', message: errorMessage(error), final: isFinalRefusal(error) };
}

/**
 * A refusal the server gave for good (a 4xx answer): the payment attempt is over, and a new one needs a new
 * Idempotency-Key. A network failure or a 5xx may have reached the provider: the same attempt is kept, so a
 * retry can never charge twice.
 */
export function isFinalRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500;
}
