/**
 * The one error catalogue shared by server and web. The server raises `AppError(code)`; the HTTP status
 * and default message come from here; the web shows `message` (or the spec text for the code).
 * Codes are the spec's (§4, §8) where it names one, otherwise a short mnemonic.
 */
export const ERRORS = {
  BAD_REQUEST: { code: '400', http: 400, message: 'Invalid request' },
  NOT_FOUND: { code: '404', http: 404, message: 'Not found' },
  RATE_LIMITED: { code: '429', http: 429, message: 'Too many requests, please try after sometime.' },
  INTERNAL: { code: '500', http: 500, message: 'Something Went Wrong!' },
  UPSTREAM_UNAVAILABLE: { code: '503', http: 503, message: 'Something Went Wrong!' },
  INVALID_MSISDN: { code: 'INVALID_MSISDN', http: 400, message: 'Invalid Mobile No' },
  LINE_TYPE_MISMATCH: { code: 'LINE_TYPE_MISMATCH', http: 400, message: 'Invalid Mobile No' },
  AMOUNT_OUT_OF_RANGE: { code: 'AMOUNT_OUT_OF_RANGE', http: 400, message: 'Invalid amount' },
  OTP_WRONG: { code: '2003', http: 400, message: 'Please enter correct OTP' },
  OTP_EXHAUSTED: { code: '2002', http: 400, message: 'Maximum attempts exhausted.' },
  OTP_EXPIRED: { code: '2004', http: 400, message: 'OTP expired, please request a new one.' },
  OTP_LIMIT: { code: '502', http: 429, message: 'max limit exhausted, please try after sometime.' },
  INVALID_USER: { code: '4001', http: 400, message: 'Invalid user' },
  UNAUTHORIZED: { code: '401', http: 401, message: 'Unauthorized' },
  WRONG_PIN: { code: '1004', http: 400, message: 'Please enter correct PIN' },
  WALLET_LOCKED: {
    code: '1006',
    http: 400,
    message: 'Your wallet has been blocked due to too many incorrect PIN attempts.',
  },
  SMARTCASH_WRONG_PIN: { code: '56D005', http: 400, message: 'Incorrect PIN' },
  ACCOUNT_NOT_FOUND: { code: '60119', http: 400, message: 'Account number not found' },
  ACCOUNT_MISMATCH: { code: '60005', http: 400, message: 'Account details do not match' },
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
  METHOD_UNAVAILABLE: {
    code: 'METHOD_UNAVAILABLE',
    http: 400,
    message: 'This payment method is not available.',
  },
  BAD_SIGNATURE: { code: 'BAD_SIGNATURE', http: 401, message: 'Invalid signature' },
} as const;

export type ErrorName = keyof typeof ERRORS;
export type ErrorCode = (typeof ERRORS)[ErrorName]['code'];

export const DEFAULT_ERROR_TEXT = 'Something Went Wrong!';
