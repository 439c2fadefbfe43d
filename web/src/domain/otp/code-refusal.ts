import { ERROR_CODES } from '@portal/contract/error-codes';
import { ApiError, attemptsLeftOf, errorMessage } from '@/lib/api';
import { waitMinutesOf } from './otp-limit';

/**
 * Why the server refused a one-time code, for a page that cannot keep count itself (a plain form): the code
 * dialog's own texts (spec §8: 2003 'Please enter correct OTP' with the attempts left, 2002 'Maximum attempts
 * exhausted.', 502 'max limit exhausted, ...' with about how long until a code may be sent again) as keys of
 * the page's texts, else the server's message. A refused send is told the same way.
 */
export type CodeRefusal = { text: string; attemptsLeft?: number; waitMinutes?: number };

/** The value a plain code step carries the attempts left in (shown by AttemptsLeft, never sent back). */
export const ATTEMPTS_LEFT = 'attemptsLeft';

/** The value a plain step carries the minutes before a new code in (shown by LimitWait, never sent back). */
export const LIMIT_WAIT = 'limitWaitMinutes';

/** A plain step's values for a refusal: the attempts left, when the server counted them; the limit's wait. */
export function refusalValues(refusal: CodeRefusal | undefined): Record<string, string> {
  return {
    ...(refusal?.attemptsLeft === undefined ? {} : { [ATTEMPTS_LEFT]: String(refusal.attemptsLeft) }),
    ...(refusal?.waitMinutes === undefined ? {} : { [LIMIT_WAIT]: String(refusal.waitMinutes) }),
  };
}

/** A code that is not six digits never reaches the server: it is refused as a wrong one. */
export const WRONG_CODE: CodeRefusal = { text: 'otp.wrong' };

export function codeRefusal(error: unknown): CodeRefusal {
  const code = error instanceof ApiError ? error.statusCode : '';
  if (code === ERROR_CODES.otpWrong) return wrongCode(attemptsLeftOf(error));
  if (code === ERROR_CODES.otpExhausted) return { text: 'otp.exhausted', attemptsLeft: 0 };
  if (code === ERROR_CODES.otpLimit) return limitRefusal(waitMinutesOf(error));
  return { text: errorMessage(error) };
}

/** The server counts the attempts: its count is told, and the last wrong code is said as exhausted. */
function wrongCode(attemptsLeft: number | undefined): CodeRefusal {
  if (attemptsLeft === undefined) return WRONG_CODE;
  return attemptsLeft > 0 ? { ...WRONG_CODE, attemptsLeft } : { text: 'otp.exhausted', attemptsLeft: 0 };
}

function limitRefusal(waitMinutes: number | undefined): CodeRefusal {
  return waitMinutes === undefined ? { text: 'otp.maxLimit' } : { text: 'otp.maxLimit', waitMinutes };
}
