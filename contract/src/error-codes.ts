/**
 * The catalogue's codes that the web acts on (it does more than show the message: counts a wrong code down,
 * closes a prompt, locks the PIN dialog). The catalogue (errors.ts) takes these codes from here, and the web
 * imports this small module rather than the whole catalogue with its texts, which the first page does not
 * carry (default-error-text.ts).
 */
export const ERROR_CODES = {
  /** BAD_REQUEST, and a code not issued for a payment: the OTP prompt closes with the message. */
  badRequest: '400',
  /** OTP_WRONG: one attempt fewer. */
  otpWrong: '2003',
  /** OTP_EXHAUSTED: no attempts left. */
  otpExhausted: '2002',
  /** OTP_EXPIRED, OTP_USED: a new code is needed. */
  otpExpired: '2004',
  /** OTP_LIMIT: too many codes sent; the prompt closes with the spec's "max limit" text. */
  otpLimit: '502',
  /** INVALID_USER, NO_WALLET: the number cannot be served; the prompt closes. */
  invalidUser: '4001',
  /** WRONG_PIN (mobile money) and SMARTCASH_WRONG_PIN: one PIN attempt fewer. */
  wrongPin: '1004',
  smartcashWrongPin: '56D005',
  /** WALLET_LOCKED: too many wrong PINs. */
  walletLocked: '1006',
} as const;
