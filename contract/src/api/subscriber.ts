import { z } from 'zod';
import { envelope } from '../envelope.js';

export const lineType = z.enum(['PREPAID', 'POSTPAID', 'HYBRID']);
export type LineType = z.infer<typeof lineType>;

/**
 * 10-digit national number without the leading 0, as typed in the portal. Empty (or missing) is 'Phone No is
 * required', anything else not ten digits 'Invalid Mobile No' (spec §5); `abort` keeps the second from following
 * the first.
 */
export const msisdn = z
  .string({ error: (issue) => (issue.input === undefined ? 'Phone No is required' : 'Invalid Mobile No') })
  .min(1, { error: 'Phone No is required', abort: true })
  .regex(/^\d{10}$/, 'Invalid Mobile No');

export const validateMsisdnRequest = z.object({
  msisdn,
  checkIfBroadband: z.boolean().optional().default(false),
  requestType: z.string().max(40).optional(),
  accountNo: z.string().max(20).optional(),
  contactPersonEmailId: z.string().max(120).optional(),
});
/** Spec §3 "Line-type result": result is the line type. */
export const validateMsisdnResponse = envelope(lineType);

/** `GET subscriber/line-type?msisdn=`: the line type of a number (spec §3 "Line-type result"). */
export const lineTypeQuery = z.object({ msisdn });
export const lineTypeResponse = envelope(lineType);

/**
 * The request of `subscriber/validate/msisdn-account` in both its variants: a number (prepaid, postpaid,
 * broadband checks), or a fixed-internet account with its contact email (`accountNo`, `contactPersonEmailId`;
 * the number is then optional). Failures of the account variant: 60119 (no such account), 60005 (the email
 * does not belong to it).
 */
export const validateSubscriberRequest = z
  .object({
    msisdn: msisdn.optional(),
    checkIfBroadband: z.boolean().optional().default(false),
    requestType: z.string().max(40).optional(),
    accountNo: z.string().max(20).optional(),
    contactPersonEmailId: z.string().max(120).optional(),
  })
  .refine((b) => b.msisdn !== undefined || b.accountNo !== undefined, {
    message: 'Phone No is required',
    path: ['msisdn'],
  })
  .refine((b) => b.accountNo === undefined || b.contactPersonEmailId !== undefined, {
    message: 'Email is required',
    path: ['contactPersonEmailId'],
  });
export type ValidateSubscriberRequest = z.input<typeof validateSubscriberRequest>;

/** A line type for the number variant; the account (fixedAccountResult of api/bills) for the account variant. */
export const validateSubscriberResponse = envelope(
  z.union([
    lineType,
    z.object({
      accountNo: z.string(),
      lineNumber: z.string().nullable(),
      contactPersonMsisdn: z.string().nullable(),
    }),
  ]),
);
