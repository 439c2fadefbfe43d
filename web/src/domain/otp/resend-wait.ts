import type { OtpChallenge } from './otp-api';

/*
 * A plain code step (no JavaScript) cannot count down, so its Resend stays a button that can be pressed at
 * any time. Pressed before the wait the server asks between two codes (spec §8: 60 s), the step says how long
 * is left in the code dialog's own words ('Resend OTP in 42 s') without asking the server, which would
 * refuse it as 'max limit exhausted', a limit the visitor has not reached.
 */

/** The value a plain code step carries the moment a new code may be asked for in (epoch ms, as text). */
export const RESEND_AT = 'resendAt';

/** The value of an answer that says how many seconds are left before a new code (shown, never sent back). */
export const RESEND_WAIT = 'resendWait';

/** When a new code may be asked for, after `challenge` was sent at `now`. */
export function resendAtOf(challenge: Pick<OtpChallenge, 'resendAfterSeconds'>, now = Date.now()): number {
  return now + challenge.resendAfterSeconds * 1000;
}

/** Whole seconds before a new code may be asked for: 0 when it may be now, or when the moment is unknown. */
export function secondsUntilResend(resendAt: number | string | undefined, now = Date.now()): number {
  const at = Number(resendAt);
  return Number.isFinite(at) ? Math.max(0, Math.ceil((at - now) / 1000)) : 0;
}
