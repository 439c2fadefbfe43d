import { ERROR_CODES } from '@portal/contract/error-codes';
import { ApiError, attemptsLeftOf, errorMessage } from '@/lib/api';

/**
 * Why the server refused a one-time code, for a page that cannot keep count itself (a plain form): the code
 * dialog's own texts (spec §8: 2003 'Please enter correct OTP' with the attempts left, 2002 'Maximum attempts
 * exhausted.', 502 'max limit exhausted, ...') as keys of the page's texts, else the server's message.
 */
export type CodeRefusal = { text: string; attemptsLeft?: number };

/** The value a plain code step carries the attempts left in (shown by AttemptsLeft, never sent back). */
export const ATTEMPTS_LEFT = 'attemptsLeft';

/** A plain step's values for a refusal: the attempts left, when the server counted them. */
export function attemptsValue(refusal: CodeRefusal | undefined): Record<string, string> {
  return refusal?.attemptsLeft === undefined ? {} : { [ATTEMPTS_LEFT]: String(refusal.attemptsLeft) };
}

/** A code that is not six digits never reaches the server: it is refused as a wrong one. */
export const WRONG_CODE: CodeRefusal = { text: 'otp.wrong' };

export function codeRefusal(error: unknown): CodeRefusal {
  const code = error instanceof ApiError ? error.statusCode : '';
  if (code === ERROR_CODES.otpWrong) return wrongCode(attemptsLeftOf(error));
  if (code === ERROR_CODES.otpExhausted) return { text: 'otp.exhausted', attemptsLeft: 0 };
  if (code === ERROR_CODES.otpLimit) return { text: 'otp.maxLimit' };
  return { text: errorMessage(error) };
}

/** The server counts the attempts: its count is told, and the last wrong code is said as exhausted. */
function wrongCode(attemptsLeft: number | undefined): CodeRefusal {
  if (attemptsLeft === undefined) return WRONG_CODE;
  return attemptsLeft > 0 ? { ...WRONG_CODE, attemptsLeft } : { text: 'otp.exhausted', attemptsLeft: 0 };
}
