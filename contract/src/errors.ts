import { ERROR_CODES } from './error-codes.js';
import { FORM_MSG } from './forms.js';

/**
 * The one error catalogue shared by server and web. The server raises `AppError(name)`; the wire code, the
 * HTTP status and the user message come from here: `message` is the English text (and the default log
 * message), `error-texts.ts` holds the same text in every other language the portal speaks. The web shows
 * the envelope's `message`, which the server answers in the request's language (Accept-Language).
 * Codes are the spec's (§4, §8) where it names one, otherwise a short mnemonic; a few entries share a code
 * on purpose (the web reacts to the code, e.g. '2004' asks for a new one-time code, '4001' closes the prompt).
 * `{name}` in a message is filled from the error's `params`.
 */
export const ERRORS = {
  BAD_REQUEST: { code: ERROR_CODES.badRequest, http: 400, message: 'Invalid request' },
  BAD_CHARACTERS: {
    code: '400',
    http: 400,
    message: 'The request contains characters that are not allowed.',
  },
  NOT_FOUND: { code: '404', http: 404, message: 'Not found' },
  METHOD_NOT_ALLOWED: {
    code: '405',
    http: 405,
    message: 'This address does not take this kind of request.',
  },
  TOO_LARGE: { code: '413', http: 413, message: 'The request is too large.' },
  RATE_LIMITED: { code: '429', http: 429, message: 'Too many requests, please try after sometime.' },
  RATE_LIMITED_FOR: {
    code: '429',
    http: 429,
    message: 'Too many requests, please try again in {seconds} s.',
  },
  INTERNAL: { code: '500', http: 500, message: 'Something Went Wrong!' },
  UPSTREAM_UNAVAILABLE: { code: '503', http: 503, message: 'Something Went Wrong!' },
  PHONE_REQUIRED: { code: 'INVALID_MSISDN', http: 400, message: 'Phone No is required' },
  INVALID_MSISDN: { code: 'INVALID_MSISDN', http: 400, message: 'Invalid Mobile No' },
  LINE_TYPE_MISMATCH: { code: 'LINE_TYPE_MISMATCH', http: 400, message: 'Invalid Mobile No' },
  INVALID_ACCOUNT: { code: 'INVALID_ACCOUNT', http: 400, message: 'Invalid Account Number' },
  EMAIL_REQUIRED: { code: 'INVALID_EMAIL', http: 400, message: 'Email is required' },
  INVALID_EMAIL: { code: 'INVALID_EMAIL', http: 400, message: 'Invalid Email Id' },
  // The airtime panel's own texts for the same rules (spec §2).
  AIRTIME_EMAIL_REQUIRED: { code: 'INVALID_EMAIL', http: 400, message: 'Email id is required' },
  AIRTIME_EMAIL_INVALID: { code: 'INVALID_EMAIL', http: 400, message: 'Please enter valid email' },
  AMOUNT_OUT_OF_RANGE: { code: 'AMOUNT_OUT_OF_RANGE', http: 400, message: 'Invalid amount' },
  // Spec §5's texts, as the forms show them (rules.ts amountError): the amount with thousands separators.
  AMOUNT_BELOW_MIN: {
    code: 'AMOUNT_OUT_OF_RANGE',
    http: 400,
    message: 'Minimum amount should be {currency} {amount}',
  },
  AMOUNT_ABOVE_MAX: {
    code: 'AMOUNT_OUT_OF_RANGE',
    http: 400,
    message: 'Maximum amount should be {currency} {amount}',
  },
  AMOUNT_OVER_INVOICE: {
    code: 'AMOUNT_OUT_OF_RANGE',
    http: 400,
    message: 'The amount is more than the invoice owes.',
  },
  NO_EXCHANGE_RATE: { code: 'NO_EXCHANGE_RATE', http: 400, message: 'No exchange rate for {from} to {to}' },
  CURRENCY_UNSUPPORTED: {
    code: 'CURRENCY_UNSUPPORTED',
    http: 400,
    message: 'This purchase is paid in {expected}.',
  },
  OTP_WRONG: { code: ERROR_CODES.otpWrong, http: 400, message: 'Please enter correct OTP' },
  OTP_EXHAUSTED: { code: ERROR_CODES.otpExhausted, http: 400, message: 'Maximum attempts exhausted.' },
  OTP_EXPIRED: { code: ERROR_CODES.otpExpired, http: 400, message: 'OTP expired, please request a new one.' },
  OTP_USED: {
    code: ERROR_CODES.otpExpired,
    http: 400,
    message: 'This code was already used. Please request a new one.',
  },
  OTP_LIMIT: {
    code: ERROR_CODES.otpLimit,
    http: 429,
    message: 'max limit exhausted, please try after sometime.',
  },
  OTP_REVERIFY: { code: '401', http: 401, message: 'Please verify the one-time code again.' },
  OTP_OTHER_AMOUNT: { code: '401', http: 401, message: 'The one-time code was issued for another amount.' },
  OTP_NOT_FOR_PAYMENT: {
    code: ERROR_CODES.badRequest,
    http: 400,
    message: 'This code was not issued for a payment.',
  },
  INVALID_USER: { code: ERROR_CODES.invalidUser, http: 400, message: 'Invalid user' },
  NO_WALLET: { code: ERROR_CODES.invalidUser, http: 400, message: 'This number has no wallet.' },
  /** A wallet payer that is not one of the operator's lines (spec §4 "Mobile money"), refused before the wallet. */
  NOT_OPERATOR_NUMBER: { code: 'INVALID_MSISDN', http: 400, message: 'Please enter valid {brand} number' },
  UNAUTHORIZED: { code: '401', http: 401, message: 'Unauthorized' },
  WRONG_PIN: { code: ERROR_CODES.wrongPin, http: 400, message: 'Please enter correct PIN' },
  PIN_REQUIRED: { code: 'PIN_REQUIRED', http: 400, message: 'Please enter your PIN.' },
  PIN_UNREADABLE: {
    code: 'PIN_UNREADABLE',
    http: 400,
    message: 'The PIN could not be read. Please try again.',
  },
  PIN_FORMAT: { code: 'PIN_FORMAT', http: 400, message: 'The PIN must be 4 digits.' },
  WALLET_LOCKED: {
    code: ERROR_CODES.walletLocked,
    http: 400,
    message:
      'Your {wallet} wallet has been blocked due to too many incorrect PIN attempts. To unlock it, call customer care on {care} or dial {dial} to reset your PIN.',
  },
  SMARTCASH_WRONG_PIN: { code: ERROR_CODES.smartcashWrongPin, http: 400, message: 'Incorrect PIN' },
  ACCOUNT_NOT_FOUND: { code: '60119', http: 400, message: 'Account number not found' },
  ACCOUNT_MISMATCH: { code: '60005', http: 400, message: 'Account details do not match' },
  INVOICE_NOT_OPEN: {
    code: 'INVOICE_NOT_OPEN',
    http: 400,
    message: 'This invoice is not open on this account.',
  },
  INSUFFICIENT_BALANCE: {
    code: 'INSUFFICIENT_BALANCE',
    http: 400,
    message: "Looks like you don't have sufficient balance.",
  },
  IDEMPOTENCY_CONFLICT: {
    code: 'IDEMPOTENCY_CONFLICT',
    http: 409,
    message: 'This payment was already started with other details.',
  },
  INVALID_STATE: { code: 'INVALID_STATE', http: 409, message: 'This payment cannot be changed now.' },
  /** Another request is starting this very payment (a double click, a retry racing the first try). */
  PAYMENT_IN_PROGRESS: {
    code: 'PAYMENT_IN_PROGRESS',
    http: 409,
    message: 'This payment is already being started. Please wait a moment.',
  },
  TRANSACTION_NOT_FOUND: { code: '404', http: 404, message: 'We could not find this payment.' },
  /**
   * The same number got the same purchase a few minutes ago (paid or still pending): initiate needs the
   * payer's explicit "buy again" (`confirmDuplicate`). `result` names the earlier payment (decision 0070).
   */
  DUPLICATE_PURCHASE: {
    code: 'DUPLICATE_PURCHASE',
    http: 409,
    message:
      'This number got the same purchase a few minutes ago (reference {reference}). Choose "Buy again" to pay again.',
  },
  METHOD_UNAVAILABLE: {
    code: 'METHOD_UNAVAILABLE',
    http: 400,
    message: 'This payment method is not available.',
  },
  AIRTIME_PREPAID_ONLY: {
    code: 'METHOD_UNAVAILABLE',
    http: 400,
    message: 'Airtime can only be paid from a prepaid line.',
  },
  METHOD_CURRENCY: {
    code: 'METHOD_UNAVAILABLE',
    http: 400,
    message: 'This payment method does not take {currency}.',
  },
  MOBILE_MONEY_ONLY: {
    code: 'METHOD_UNAVAILABLE',
    http: 400,
    message: 'Under 1 USD only mobile money can be used.',
  },
  AIRTIME_SELF_RECHARGE: {
    code: 'AIRTIME_SELF_RECHARGE',
    http: 400,
    message: 'Pay from another number: a line cannot recharge itself with its own airtime',
  },
  AIRTIME_REFUSED: { code: 'AIRTIME_REFUSED', http: 400, message: 'The airtime payment was refused.' },
  PAYMENT_REFUSED: { code: 'PAYMENT_REFUSED', http: 400, message: 'The payment was refused.' },
  BUNDLES_UNAVAILABLE: { code: 'METHOD_UNAVAILABLE', http: 400, message: 'Bundles are not available now.' },
  BUNDLE_UNKNOWN: { code: 'BUNDLE_UNKNOWN', http: 400, message: 'This bundle is not available.' },
  BUNDLE_NOT_FOR_NUMBER: {
    code: 'BUNDLE_NOT_FOR_NUMBER',
    http: 400,
    message: 'This bundle is not available for this number.',
  },
  BUNDLE_PRICE_CHANGED: {
    code: 'BUNDLE_PRICE_CHANGED',
    http: 400,
    message: 'The price of this bundle has changed. Please choose it again.',
  },
  // A required consent box left unticked: the form rule's own words (forms.ts), which the page shows too.
  FIELD_UNCHECKED: { code: 'FIELD_UNCHECKED', http: 400, message: FORM_MSG.unchecked },
  PLAN_UNAVAILABLE: {
    code: 'PLAN_UNAVAILABLE',
    http: 400,
    message: 'This plan is not available. Please choose a plan again.',
  },
  PLAN_PRICE_CHANGED: {
    code: 'PLAN_PRICE_CHANGED',
    http: 400,
    message: 'The price of this plan has changed. Please choose the plan again.',
  },
  LEAD_NOT_FOUND: { code: '404', http: 404, message: 'We could not find a request with this number.' },
  LEAD_NUMBER_MISMATCH: {
    code: 'LEAD_NUMBER_MISMATCH',
    http: 400,
    message: 'This number does not match the request.',
  },
  LEAD_NOT_PAYABLE: {
    code: 'INVALID_STATE',
    http: 409,
    message: 'This request does not take a payment now.',
  },
  LEAD_AMOUNT_MISMATCH: {
    code: 'LEAD_AMOUNT_MISMATCH',
    http: 400,
    message: 'The amount does not match the request.',
  },
  BAD_SIGNATURE: { code: 'BAD_SIGNATURE', http: 401, message: 'Invalid signature' },
} as const;

export type ErrorName = keyof typeof ERRORS;
export type ErrorCode = (typeof ERRORS)[ErrorName]['code'];

export { DEFAULT_ERROR_TEXT } from './default-error-text.js';
