import { PATHS } from '@portal/contract/paths';
import type { SendOtpRequest } from '@portal/contract/api/otp';
import { api } from '@/lib/api';

/**
 * The one-time-code calls of spec §7 (`otp/v1/send-otp`, `resend-otp`, `verify-otp`), shared by every
 * journey that asks for a code. Failures reject with the ApiError of lib/api, whose `statusCode` is the
 * catalogue code (2003, 2002, 2004, 502, ...) that OtpEntry turns into the spec's texts.
 */
export type OtpChallenge = {
  otpId: string;
  refId: string;
  otpRecipient: string;
  resendAfterSeconds: number;
  expiresInSeconds: number;
};

export function sendOtp(body: SendOtpRequest): Promise<OtpChallenge> {
  return api.post<OtpChallenge>(PATHS.sendOtp, body);
}

export function resendOtp(otpId: string): Promise<OtpChallenge> {
  return api.post<OtpChallenge>(PATHS.resendOtp, { otpId });
}

export function verifyOtp(otpId: string, otp: string): Promise<{ otpId: string; uniqueCode: string }> {
  return api.post<{ otpId: string; uniqueCode: string }>(PATHS.verifyOtp, { otpId, otp });
}
