import type { TFunction } from 'i18next';
import { ApiError, errorMessage, isOtpLimit } from '@/lib/api';

/** About how long until the server sends a code again, as it answered a refused send (seconds). */
export function retryAfterOf(error: unknown): number | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const seconds = (error.result as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

/** About how many minutes until the server sends a code again, rounded up, when it said. */
export function waitMinutesOf(error: unknown): number | undefined {
  const seconds = retryAfterOf(error);
  return seconds ? Math.ceil(seconds / 60) : undefined;
}

/**
 * Spec §8's 'max limit exhausted, please try after sometime.', followed by about how long 'sometime' is when
 * the server said: a subscriber locked out of codes for up to an hour is told when to come back.
 */
export function otpLimitText(t: TFunction, error: unknown): string {
  const minutes = waitMinutesOf(error);
  const limit = t('otp.maxLimit');
  return minutes ? `${limit} ${t('otp.askAgainIn', { minutes })}` : limit;
}

/** Why a code could not be sent: the send limit with its wait, else the server's message. */
export function codeSendFailureText(t: TFunction, error: unknown): string {
  return isOtpLimit(error) ? otpLimitText(t, error) : errorMessage(error);
}
