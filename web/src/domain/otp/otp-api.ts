import type { SendOtpRequest } from '@portal/contract/api/otp';
import type { ResultOf } from '@portal/contract/endpoints';
import { call } from '@/lib/api';

/**
 * The one-time-code calls of spec §7 (`otp/v1/send-otp`, `resend-otp`, `verify-otp`), shared by every
 * journey that asks for a code. Failures reject with the ApiError of lib/api, whose `statusCode` is the
 * catalogue code (2003, 2002, 2004, 502, ...) that OtpEntry turns into the spec's texts.
 */
/** The answer of send and resend: the contract's (`sendOtpResponse`). */
export type OtpChallenge = ResultOf<'sendOtp'>;

export function sendOtp(body: SendOtpRequest): Promise<OtpChallenge> {
  return call('sendOtp', body);
}

export function resendOtp(otpId: string): Promise<OtpChallenge> {
  return call('resendOtp', { otpId });
}

export function verifyOtp(otpId: string, otp: string): Promise<ResultOf<'verifyOtp'>> {
  return call('verifyOtp', { otpId, otp });
}
