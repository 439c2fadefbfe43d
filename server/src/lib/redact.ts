/**
 * Paths pino removes from every log line: PINs, one-time codes, card data, keys and tokens never
 * reach a log, wherever they appear in a request or response object.
 */
const SECRET_FIELDS = [
  'pin',
  'amPin',
  'otp',
  'uniqueCode',
  'password',
  'cardNumber',
  'cvv',
  'card_number',
  'secretKey',
  'privateKey',
  'accessToken',
  'token',
  'authorization',
  'x-paystack-signature',
  'x-sandbox-signature',
  'cookie',
];

export const REDACT_PATHS = [
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`, `req.headers.${f}`, `body.${f}`]),
  'req.headers.authorization',
  'req.headers.cookie',
];

/** A run of 10 or more digits (a phone, card or account number), not inside a longer word or a pino time. */
const LONG_NUMBER = /(?<!"time":)(?<![\dA-Za-z])(\d{6,})(\d{4})(?![\dA-Za-z])/g;
/** A card number written in groups ('4084 0840 8408 4081', '4084-0840-8408-4081'). */
const GROUPED_CARD = /(?<!\d)\d{4}(?:[ -]\d{4}){2,3}(?!\d)/g;
/** An email address, plain or percent-encoded in a URL ('ada%40example.com'). */
const EMAIL = /([A-Za-z0-9._+-])[A-Za-z0-9._+-]*(@|%40)([A-Za-z0-9-]+\.[A-Za-z0-9.-]+)/g;

/**
 * The last line of defence for personal data in logs (docs/decisions/0065), applied to every line written:
 * numbers of 10 digits or more keep only their last four digits, grouped card numbers and email addresses are
 * masked, wherever they appear (a URL's query, an upstream's error message, a value under any key). Secrets
 * under known keys are removed before that by REDACT_PATHS.
 */
export function scrubPersonalData(line: string): string {
  return line
    .replace(GROUPED_CARD, (card) => `****${card.slice(-4)}`)
    .replace(LONG_NUMBER, (_all, head: string, last4: string) => `${'*'.repeat(head.length)}${last4}`)
    .replace(EMAIL, (_all, first: string, at: string, domain: string) => `${first}***${at}${domain}`);
}

/** Pino options that keep secrets and personal data out of the logs. */
export function logPrivacyOptions() {
  return {
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    hooks: { streamWrite: scrubPersonalData },
  };
}
