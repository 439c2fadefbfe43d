import { z } from 'zod';
import { envelope } from '../envelope.js';
import { moneyAmount } from '../amount.js';

/**
 * One-time codes (spec §7 otp/v1/*). The send payload differs per journey: payments send {msisdn},
 * the bill fetch sends {text, text1, otpAction:'INVOICE'} (text is the number), leads add email and
 * customer details. `amount` binds a payment code to the amount it was issued for.
 */
export const otpPurpose = z.enum(['PAYMENT', 'INVOICE', 'BALANCE', 'LEAD', 'AUTH']);
export type OtpPurpose = z.infer<typeof otpPurpose>;

const national = z.string().regex(/^\d{10}$/, 'Invalid Mobile No');

export const sendOtpRequest = z
  .object({
    msisdn: national.optional(),
    text: national.optional(),
    text1: z.string().max(40).optional(),
    otpAction: z.string().max(30).optional(),
    requestType: z.string().max(40).optional(),
    email: z.string().max(120).optional(),
    customerDetails: z.object({ fullName: z.string().max(120).optional() }).optional(),
    amount: moneyAmount({ max: 10_000_000 }).optional(),
  })
  .refine((b) => b.msisdn !== undefined || b.text !== undefined, {
    message: 'Phone No is required',
    path: ['msisdn'],
  });
export type SendOtpRequest = z.input<typeof sendOtpRequest>;

export const otpChallengeResult = z.object({
  otpId: z.string(),
  refId: z.string(),
  otpRecipient: z.string(),
  /**
   * Seconds before a resend is allowed: the spec's 60, or more when the server would refuse a resend then (a
   * longer OTP_RESEND_INTERVAL_SECONDS, or the number's back-off after many sends to it).
   */
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export const sendOtpResponse = envelope(otpChallengeResult);

export const resendOtpRequest = z
  .object({ otpId: z.string().max(60).optional(), refId: z.string().max(60).optional() })
  .refine((b) => b.otpId || b.refId, { message: 'otpId or refId is required' });

export const verifyOtpRequest = z
  .object({
    otp: z.string().regex(/^\d{6}$/, 'Please enter correct OTP'),
    otpId: z.string().max(60).optional(),
    refId: z.string().max(60).optional(),
  })
  .refine((b) => b.otpId || b.refId, { message: 'otpId or refId is required' });

export const verifyOtpResponse = envelope(z.object({ otpId: z.string(), uniqueCode: z.string() }));

/** Failure result of a wrong code (2003): how many tries remain. */
export const otpAttemptsResult = z.object({ attemptsLeft: z.number().int() });

export const verifyUserRequest = z.object({
  refId: z.string().max(60),
  otp: z.string().regex(/^\d{6}$/, 'Please enter correct OTP'),
  username: z.string().max(15),
  paymentMode: z.string().max(40).optional(),
});
export const verifyUserResponse = envelope(
  z.object({
    tokenType: z.literal('Bearer'),
    accessToken: z.string(),
    expiresIn: z.number().int(),
    uniqueCode: z.string(),
  }),
);
