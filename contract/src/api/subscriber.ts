import { z } from 'zod';
import { envelope } from '../envelope.js';

export const lineType = z.enum(['PREPAID', 'POSTPAID', 'HYBRID']);
export type LineType = z.infer<typeof lineType>;

/** 10-digit national number without the leading 0, as typed in the portal. */
export const msisdn = z.string().regex(/^\d{10}$/, 'Invalid Mobile No');

export const validateMsisdnRequest = z.object({
  msisdn,
  checkIfBroadband: z.boolean().optional().default(false),
  requestType: z.string().max(40).optional(),
  accountNo: z.string().max(20).optional(),
  contactPersonEmailId: z.string().max(120).optional(),
});
/** Spec §3 "Line-type result": result is the line type. */
export const validateMsisdnResponse = envelope(lineType);
