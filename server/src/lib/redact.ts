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
