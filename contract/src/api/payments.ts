import { z } from 'zod';
import { envelope } from '../envelope.js';
import { moneyAmount } from '../amount.js';

export const transactionType = z.enum([
  'PREPAID_RECHARGE',
  'POSTPAID_BILL',
  'PREPAID_BUNDLES',
  'POSTPAID_BUNDLES',
  'HBB_LEADS',
  'BROADBAND_RECHARGE',
]);
export type TransactionType = z.infer<typeof transactionType>;

/** Option types of spec §3: PG card gateway, AM mobile money, airtime, smartcash, mpesa. */
export const paymentOptionType = z.enum(['PG', 'AM', 'AIRTIME', 'SMARTCASH', 'MPESA']);
export type PaymentOptionType = z.infer<typeof paymentOptionType>;

export const paymentMode = z.enum([
  'PAYMENT_GATEWAY',
  'AIR_TIME',
  'NAIJA_MONEY',
  'NAIJA_MONEY_PUSH',
  'SMARTCASH',
  'MPESA',
  'HBB_AIRTIME',
  'HBB_LEADS',
]);
export type PaymentMode = z.infer<typeof paymentMode>;

export const paymentOption = z.object({
  name: z.string(),
  type: paymentOptionType,
  /** For PG options: the gateway id (paystack, uba, dpo, cellulant, ...). */
  paymentGateway: z.string().optional(),
  /** Mobile money: true when paid by push prompt rather than PIN. */
  ampush: z.boolean().optional(),
  /** The gateway opens an in-page popup rather than redirecting. */
  popup: z.boolean().optional(),
});
export type PaymentOption = z.infer<typeof paymentOption>;

const amount = moneyAmount({ max: 10_000_000 });

export const paymentOptionsRequest = z.object({
  amount,
  mobileNumber: z.string().max(15),
  subscriberType: z.string().max(20).optional().default(''),
  rechargeType: z.string().max(60).optional().default(''),
  transactionType,
});
export const paymentOptionsResponse = envelope(z.object({ paymentOption: z.array(paymentOption) }));

/** Payment initiation payload of spec §3. `amount` is naira; the server stores kobo. */
export const initiateRequest = z.object({
  amount,
  countryCode: z.string().max(4).default('234'),
  emailId: z.string().max(120).optional().default(''),
  mobileNumber: z.string().regex(/^\d{10}$/),
  currencyCode: z.string().length(3).default('NGN'),
  productCode: z.string().max(60).optional().default(''),
  paymentGateway: z.string().max(30).optional().default(''),
  transactionType,
  unit: z.string().max(20).optional().default(''),
  loggedInNumber: z.string().max(15).optional().default(''),
  accountId: z.string().max(20).optional().default(''),
  invoiceNumber: z.string().max(40).optional().default(''),
  accountType: z.string().max(20).optional().default(''),
  paymentMode,
  txnId: z.string().max(60).optional().default(''),
  paymentMobile: z.string().max(15).optional().default(''),
  uniqueCode: z.string().max(200).optional().default(''),
  /** Shown on the status page; kept with the transaction. */
  bundleDescription: z.string().max(200).optional().default(''),
  /**
   * The language the purchase was made in ('yo'); its SMS and receipt speak it. Without it, the request's
   * Accept-Language (the web sends its page's language there).
   */
  language: z.string().max(8).optional().default(''),
  /**
   * The payer's "buy again": the same number got the same purchase within the market's window, and they
   * still want it (DUPLICATE_PURCHASE, decision 0070).
   */
  confirmDuplicate: z.boolean().optional().default(false),
});
export type InitiateRequest = z.input<typeof initiateRequest>;

export const initiateResponse = envelope(
  z.object({
    transactionId: z.string(),
    encryptionKeyDetails: z.object({ key: z.string() }).optional(),
    /**
     * Proves that a cancel comes from the browser that started the payment: the gateway return with
     * `status=CANCELLED` closes a payment the gateway still calls unfinished only with this token.
     */
    cancelToken: z.string().optional(),
  }),
);

/** Process payload of spec §3 (`proccessFlag` spelt so on the wire). */
export const processRequest = z.object({
  transactionId: z.string().min(1).max(60),
  isSubscriberRequest: z.boolean().optional().default(true),
  paymentGateway: z.string().max(30).optional().default(''),
  paymentMode,
  proccessFlag: z.string().max(20).optional().default(''),
  accountId: z.string().max(20).optional().default(''),
  accountType: z.string().max(20).optional().default(''),
  paymentMobile: z.string().max(15).optional().default(''),
  /** RSA-OAEP encrypted PIN, base64. Never logged, never stored. */
  amPin: z.string().max(1024).optional(),
});
export type ProcessRequest = z.input<typeof processRequest>;

export const processResponse = envelope(
  z.object({
    transactionId: z.string(),
    redirectUrl: z.string().optional(),
    /** For popup gateways: what the inline script needs. */
    accessCode: z.string().optional(),
    reference: z.string().optional(),
  }),
);

/** Statuses shown to users (spec §4). FALIURE is spelt so by the original system and accepted as FAILED. */
export const displayStatus = z.enum([
  'SUCCESS',
  'FAILED',
  'FALIURE',
  'REQUEST_REGISTERED',
  'REQUEST_RAISED',
  'ALREADY_PROCESSED',
  'IN_PROCESS',
]);
export type DisplayStatus = z.infer<typeof displayStatus>;

export const transactionStatusResult = z.object({
  status: displayStatus,
  transactionStatus: z.string(),
  transactionId: z.string(),
  refTransactionId: z.string().nullable(),
  transactionType,
  paymentMode,
  paymentGateway: z.string().nullable(),
  mobileNumber: z.string(),
  msisdn: z.string(),
  amount: z.number(),
  currencyCode: z.string(),
  accountId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  bundleDescription: z.string().nullable(),
  statusReason: z.string().nullable(),
  metaInfo: z.object({ leadId: z.string().nullable() }),
});
export type TransactionStatusResult = z.infer<typeof transactionStatusResult>;

const transactionIdParam = z.string().regex(/^[A-Za-z0-9_-]{1,60}$/, 'Invalid transaction id');
export const statusQuery = z.object({ tid: transactionIdParam });
export const fetchQuery = z.object({ txnId: transactionIdParam });
export const statusResponse = envelope(transactionStatusResult);

export const pgCallbackQuery = z.object({
  txref: z.string().max(100).optional(),
  PnrID: z.string().max(100).optional(),
  status: z.string().max(40).optional(),
  reference: z.string().max(100).optional(),
  trxref: z.string().max(100).optional(),
  /** DPO's return: its token is the provider reference of every attempt, so it is looked up first. */
  TransactionToken: z.string().max(100).optional(),
  /** The cancel token initiate gave the browser; without it a CANCELLED return closes nothing. */
  cancelToken: z.string().max(200).optional(),
});
