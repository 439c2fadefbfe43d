import pino, { type LoggerOptions } from 'pino';

/**
 * Keys whose values never reach a log: PINs, one-time codes, card data, keys and tokens, wherever they
 * appear in a logged object (a request body, headers, an upstream's answer, an error's fields).
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

const SECRET_KEYS = new Set(SECRET_FIELDS.map((field) => field.toLowerCase()));
const CENSOR = '[redacted]';
/** Deeper than any object the code logs; a cycle or a huge structure is cut off here rather than walked. */
const MAX_DEPTH = 8;

function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** An error as pino would write it (type, message, stack and its own fields), so its fields can be checked. */
function plainError(error: Error): Record<string, unknown> {
  return pino.stdSerializers.err(error) as unknown as Record<string, unknown>;
}

/**
 * `value` without the secrets under SECRET_FIELDS (any letter case, at any depth): the same object when it
 * holds none, so the common line costs a walk and no copy. This replaces pino's path-based redaction, whose
 * wildcard paths cost ~28 µs on every line (10x the line itself).
 */
export function withoutSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (value instanceof Error) {
    if (carriesQueryValues(value)) return fieldsWithoutSecrets(queryErrorWithoutValues(value), depth);
    const plain = plainError(value);
    const clean = fieldsWithoutSecrets(plain, depth);
    return clean === plain ? value : clean;
  }
  if (Array.isArray(value)) return itemsWithoutSecrets(value, depth);
  // Plain data only: a class instance (Fastify's request, a socket) is left to its serializer, which writes a
  // few chosen fields; walking one would visit the whole server behind it.
  if (!isPlainObject(value)) return value;
  const fields = value as Record<string, unknown>;
  // pg-boss hands a failed job's error on as a copy of its fields ({...error, message, stack}), not an Error.
  if (isErrorCopy(fields) && carriesQueryValues(fields))
    return fieldsWithoutSecrets(queryErrorWithoutValues(fields), depth);
  return fieldsWithoutSecrets(fields, depth);
}

function itemsWithoutSecrets(items: unknown[], depth: number): unknown[] {
  let copy: unknown[] | undefined;
  items.forEach((item, i) => {
    const clean = withoutSecrets(item, depth + 1);
    if (clean !== item) (copy ??= [...items])[i] = clean;
  });
  return copy ?? items;
}

function fieldsWithoutSecrets(fields: Record<string, unknown>, depth: number): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(fields)) {
    const clean = SECRET_KEYS.has(key.toLowerCase()) ? CENSOR : withoutSecrets(item, depth + 1);
    if (clean !== item) (copy ??= { ...fields })[key] = clean;
  }
  return copy ?? fields;
}

type ErrorFields = Record<string, unknown> & { message: string };

/**
 * The fields of a failed query's error that hold the query's values: drizzle's and PGlite's `params` (drizzle
 * also writes them into its message, "Failed query: <sql>\nparams: <values>"), PGlite's `queryOptions`, and
 * PostgreSQL's `detail` ("Key (name)=(Ada Obi) already exists", "Failing row contains (...)") and `where` (which
 * quotes a bound value when the database is set to). A name or a six-digit code there is nothing the line scrub
 * below recognises, so these never reach a line, whatever logged the error (docs/decisions/0065).
 */
const QUERY_VALUE_FIELDS = new Set(['params', 'queryOptions', 'detail', 'where']);
/** Where drizzle's message starts listing the query's values; they run to the message's end. */
const PARAMS_LINE = '\nparams: ';
/** A quoted text in a database's message: the rejected value, in a data exception (SQLSTATE class 22). */
const QUOTED = /"(?:[^"\\]|\\.)*"/g;

function isErrorCopy(fields: Record<string, unknown>): fields is ErrorFields {
  return typeof fields['message'] === 'string' && typeof fields['stack'] === 'string';
}

function isErrorLike(value: unknown): value is ErrorFields {
  return value !== null && typeof value === 'object' && typeof (value as ErrorFields).message === 'string';
}

/** PostgreSQL's (pg's, PGlite's) error: a severity and a five-character SQLSTATE. */
function isDatabaseError(error: ErrorFields): boolean {
  const code = error['code'];
  return typeof error['severity'] === 'string' && typeof code === 'string' && code.length === 5;
}

/** A failed query's error (drizzle's, PGlite's: the statement and its values), or the database's own. */
function isQueryError(error: ErrorFields): boolean {
  return (typeof error['query'] === 'string' && Array.isArray(error['params'])) || isDatabaseError(error);
}

/** `error` and its causes, outermost first (a cycle or a long chain cut off at MAX_DEPTH). */
function causeChain(error: ErrorFields): ErrorFields[] {
  const chain: ErrorFields[] = [];
  for (let item: unknown = error; isErrorLike(item) && chain.length < MAX_DEPTH; item = item['cause']) {
    if (chain.includes(item)) break;
    chain.push(item);
  }
  return chain;
}

function carriesQueryValues(error: Error | ErrorFields): boolean {
  return causeChain(error as ErrorFields).some(isQueryError);
}

/** The message without the values: drizzle's list cut off, a data exception's quoted value replaced. */
function messageWithoutValues(error: ErrorFields): string {
  const cut = error.message.indexOf(PARAMS_LINE);
  const message = cut < 0 ? error.message : error.message.slice(0, cut);
  const code = error['code'];
  return isDatabaseError(error) && typeof code === 'string' && code.startsWith('22')
    ? message.replace(QUOTED, '"[value]"')
    : message;
}

/** The stack, whose first line repeats the message, with the message's values gone; only the frames else. */
function stackWithoutValues(error: ErrorFields, message: string, type: string): string | undefined {
  const stack = error['stack'];
  if (typeof stack !== 'string') return undefined;
  const at = error.message ? stack.indexOf(error.message) : -1;
  if (at >= 0) return stack.slice(0, at) + message + stack.slice(at + error.message.length);
  const frames = stack.indexOf('\n    at ');
  return `${type}: ${message}${frames < 0 ? '' : stack.slice(frames)}`;
}

function typeOf(error: ErrorFields): string {
  // PGlite's class is minified ('O'); pg's is DatabaseError.
  if (isDatabaseError(error)) return 'DatabaseError';
  const name = (error.constructor as { name?: unknown } | undefined)?.name;
  if (error instanceof Error && typeof name === 'string' && name) return name;
  return typeof error['name'] === 'string' ? error['name'] : 'Error';
}

/** An error's own fields (as pino writes them) other than the message, the stack, the cause and the values. */
function fieldsWithoutValues(error: ErrorFields): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const key in error) {
    if (key === 'message' || key === 'stack' || key === 'cause' || QUERY_VALUE_FIELDS.has(key)) continue;
    fields[key] = error[key];
  }
  return fields;
}

/**
 * A failed query's error as pino writes an error (type, message and stack with their causes', own fields),
 * without the query's values; what the operator needs stays: the statement (`query`, its values as $1, $2),
 * the database's code, message and constraint (under `cause` when the query's error wraps the database's).
 */
function queryErrorWithoutValues(value: Error | ErrorFields): Record<string, unknown> {
  const error = value as ErrorFields;
  const chain = causeChain(error);
  const types = chain.map(typeOf);
  const messages = chain.map(messageWithoutValues);
  const stacks = chain.map((item, i) => stackWithoutValues(item, messages[i]!, types[i]!));
  let cause: Record<string, unknown> | undefined;
  for (let i = chain.length - 1; i > 0; i--)
    cause = { type: types[i], ...fieldsWithoutValues(chain[i]!), ...(cause ? { cause } : {}) };
  return {
    type: types[0],
    message: messages.join(': '),
    ...(stacks[0] === undefined ? {} : { stack: stacks.filter(Boolean).join('\ncaused by: ') }),
    ...fieldsWithoutValues(error),
    ...(cause ? { cause } : {}),
  };
}

/**
 * The message pino writes when it takes one from the error (`log.error(error)`, or `{ err }` without one), or
 * when a caller passes the error's own message: without a failed query's values.
 */
function messageOfQueryError(first: unknown, message: unknown): string | undefined {
  if (first === null || typeof first !== 'object') return undefined;
  const error = first instanceof Error ? first : (first as { err?: unknown }).err;
  if (!isErrorLike(error) || (message !== undefined && message !== error.message)) return undefined;
  if (message === undefined && !(first instanceof Error) && (first as { msg?: unknown }).msg !== undefined)
    return undefined;
  return carriesQueryValues(error) ? messageWithoutValues(error) : undefined;
}

/** A run of 10 or more digits (a phone, card or account number), not inside a longer word or a pino time. */
const LONG_NUMBER = /(?<!"time":)(?<![\dA-Za-z])(\d{6,})(\d{4})(?![\dA-Za-z])/g;
/**
 * A card number written in groups ('4084 0840 8408 4081', '4084-0840-8408-4081'), not the groups of a longer
 * hyphenated token: a request id '9a8a87de-1234-4567-8901-0123a456b789' has three groups of four digits.
 */
const GROUPED_CARD = /(?<!\d)(?<![\dA-Za-z]-)\d{4}(?:[ -]\d{4}){2,3}(?!\d)(?!-[\dA-Za-z])/g;
/** An email address, plain or percent-encoded in a URL ('ada%40example.com'). */
const EMAIL = /([A-Za-z0-9._+-])[A-Za-z0-9._+-]*(@|%40)([A-Za-z0-9-]+\.[A-Za-z0-9.-]+)/g;

/**
 * The last line of defence for personal data in logs (docs/decisions/0065), applied to every line written:
 * numbers of 10 digits or more keep only their last four digits, grouped card numbers and email addresses are
 * masked, wherever they appear (a URL's query, an upstream's error message, a value under any key). Secrets
 * under known keys are removed before that by withoutSecrets.
 */
export function scrubPersonalData(line: string): string {
  if (!mayHoldPersonalData(line)) return line;
  return line
    .replace(GROUPED_CARD, (card) => `****${card.slice(-4)}`)
    .replace(LONG_NUMBER, (_all, head: string, last4: string) => `${'*'.repeat(head.length)}${last4}`)
    .replace(EMAIL, (_all, first: string, at: string, domain: string) => `${first}***${at}${domain}`);
}

const isDigit = (code: number) => code >= 48 && code <= 57;
const isGroupSeparator = (code: number) => code === 32 || code === 45;

/** At `at`, a separator, four digits, a separator and a digit: the rest of a grouped card number's start. */
function groupsFollow(line: string, at: number): boolean {
  if (!isGroupSeparator(line.charCodeAt(at)) || !isGroupSeparator(line.charCodeAt(at + 5))) return false;
  for (let i = at + 1; i <= at + 4; i++) if (!isDigit(line.charCodeAt(i))) return false;
  return isDigit(line.charCodeAt(at + 6));
}

/**
 * Whether `line` could hold anything the three patterns above match: a run of 10 digits, three groups of four
 * digits, or an at sign (plain or %40). A plain loop, because the three replacements cost
 * ~5 µs a line and a regular expression looking first still cost ~1 µs; most lines (one per request) hold
 * none of it. Pino's own timestamp (13 digits, after `"time":`) is not a number to hide.
 */
export function mayHoldPersonalData(line: string): boolean {
  const timeAt = line.indexOf('"time":');
  let run = 0;
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    if (isDigit(code)) {
      if (++run >= 10 && !(timeAt >= 0 && i - run + 1 === timeAt + 7)) return true;
      continue;
    }
    if (run >= 4 && groupsFollow(line, i)) return true;
    if (code === 64 || (code === 37 && line.startsWith('40', i + 1))) return true;
    run = 0;
  }
  return false;
}

/** Pino options that keep secrets and personal data out of the logs. */
export function logPrivacyOptions(): Pick<LoggerOptions, 'formatters' | 'hooks' | 'serializers'> {
  return {
    formatters: {
      // The base bindings only: pino does not format a child's (here only Fastify's request id).
      bindings: (bindings) => withoutSecrets(bindings) as Record<string, unknown>,
      log: (object) => withoutSecrets(object) as Record<string, unknown>,
    },
    // An error withoutSecrets rewrote is written as it is: pino's serializer would take it for a new error
    // (of type Object) and drop its type.
    serializers: {
      err: (error: unknown) => (error instanceof Error ? pino.stdSerializers.err(error) : error),
    },
    hooks: {
      streamWrite: scrubPersonalData,
      logMethod(args, method) {
        const message = messageOfQueryError(args[0], args[1]);
        if (message !== undefined) args[1] = message;
        return method.apply(this, args);
      },
    },
  };
}
