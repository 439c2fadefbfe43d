import { z } from 'zod';
import { envelope } from '../envelope.js';

/**
 * Bills, invoices and balances (spec §3 "Bill info", "Invoice", "Fixed-internet lookup result", "Balance
 * query result"; §7 `subscriber/v1/bill`, `subscriber/getopeninvoice`, `subscriber/v4/query-balance`).
 * Amounts are naira on the wire (kobo in the core); dates are ISO `YYYY-MM-DD` (invoices) or ISO timestamps
 * (balance expiry).
 */
const national = z.string().regex(/^\d{10}$/, 'Invalid Mobile No');

/** Postpaid account number of the bill modal: 10 digits. */
export const postpaidAccountNo = z.string().regex(/^\d{10}$/, 'Invalid Account Number');
/** Fixed-internet account: two letters, the first P or E, then 10 digits. */
export const fixedAccountNo = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[PE][A-Z]\d{10}$/, 'Invalid Account Number');
export const contactEmail = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(120)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._]*@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/, 'Invalid Email Id');

/**
 * `{msisdn, otpId}`: the otpId of a verified INVOICE one-time code sent to that number; or `{msisdn, accountNo}`:
 * the number's postpaid account.
 */
export const billRequest = z
  .object({
    msisdn: national,
    otpId: z.string().min(1).max(60).optional(),
    accountNo: postpaidAccountNo.optional(),
  })
  .refine((b) => (b.otpId === undefined) !== (b.accountNo === undefined), {
    message: 'otpId or accountNo is required',
    path: ['otpId'],
  });
export type BillRequest = z.input<typeof billRequest>;

export const billResult = z.object({
  /** Naira, may carry kobo (12345.5). Negative when the account is in credit. */
  totalOutstanding: z.number(),
  accountNo: z.string(),
  currency: z.string(),
});
export type BillResult = z.infer<typeof billResult>;
export const billResponse = envelope(billResult);

export const invoiceStatus = z.enum(['OPEN', 'OVERDUE']);

export const invoice = z.object({
  accountNo: z.string(),
  invoiceNo: z.string(),
  dueDate: z.string(),
  billingStartDate: z.string(),
  billingEndDate: z.string(),
  currency: z.string(),
  outstandingAmount: z.number(),
  invoiceStatus,
});
export type Invoice = z.infer<typeof invoice>;

export const openInvoiceRequest = z.object({ accountNo: fixedAccountNo, contactPersonEmailId: contactEmail });
export type OpenInvoiceRequest = z.input<typeof openInvoiceRequest>;

/** The fixed-internet account as the lookups answer it: who pays, and (for getopeninvoice) the open invoices. */
export const fixedAccountResult = z.object({
  accountNo: z.string(),
  /** 10-digit national number of the line, when the account has one. */
  lineNumber: z.string().nullable(),
  contactPersonMsisdn: z.string().nullable(),
});
export type FixedAccountResult = z.infer<typeof fixedAccountResult>;

export const openInvoiceResult = fixedAccountResult.extend({
  response: z.object({ invoices: z.array(invoice) }),
});
export type OpenInvoiceResult = z.infer<typeof openInvoiceResult>;
export const openInvoiceResponse = envelope(openInvoiceResult);

/**
 * Airtime: `{msisdn, uniqueCode, serviceType: 'Airtime'}` with the uniqueCode of a verified payment code.
 * Broadband data: `{msisdn, requestType: 'BROADBAND'}` first sends a one-time code to the number and answers
 * `{otpRecipient, txnRefId}`; verify it with `otp/v1/verify-otp {refId: txnRefId, otp}` and ask again with
 * `{msisdn, requestType, uniqueCode}` for the balances.
 */
export const queryBalanceRequest = z.object({
  msisdn: national,
  uniqueCode: z.string().min(1).max(200).optional(),
  serviceType: z.string().max(20).optional(),
  requestType: z.string().max(40).optional(),
});
export type QueryBalanceRequest = z.input<typeof queryBalanceRequest>;

export const balanceEntry = z.object({
  serviceType: z.enum(['DATA', 'AIRTIME']),
  balanceDescription: z.string(),
  /** 'UNLIMITED' for an unlimited balance (the page shows '-' for it). */
  balanceType: z.string(),
  /** In `unitType`; null when unlimited. */
  balance: z.number().nullable(),
  unitType: z.string(),
  /** ISO timestamp, null when the balance does not expire. */
  expireTime: z.string().nullable(),
});
export type BalanceEntry = z.infer<typeof balanceEntry>;

export const queryBalanceResult = z.object({
  queryBalanceResult: z.array(balanceEntry).optional(),
  /** Broadband, first step: where the code went (masked) and the reference to verify it with. */
  otpRecipient: z.string().optional(),
  txnRefId: z.string().optional(),
  resendAfterSeconds: z.number().int().optional(),
  expiresInSeconds: z.number().int().optional(),
});
export type QueryBalanceResult = z.infer<typeof queryBalanceResult>;
export const queryBalanceResponse = envelope(queryBalanceResult);
