import { ERRORS, type ErrorName } from '@portal/contract';
import { errorText } from '@portal/contract/error-texts';

type Params = Readonly<Record<string, string | number>>;

/**
 * The one error type of the server: a catalogue name (contract/errors.ts) gives the wire code, the HTTP
 * status and the user message in every language (`userMessage`); `log` is the log's message (the
 * catalogue's English when absent) and `details` go to the log only, never to the client. `providerText`
 * is a user message already in the request's language (a form's own rule texts, which the form holds in its
 * language); an upstream's own words (a wallet's refusal, in its one language) never are: they go to `details`.
 */
export class AppError extends Error {
  readonly errorName: ErrorName;
  readonly code: string;
  readonly httpStatus: number;
  readonly result: unknown;
  readonly details: Record<string, unknown> | undefined;
  readonly params: Params;
  readonly providerText: string | undefined;

  constructor(
    errorName: ErrorName,
    options: {
      log?: string;
      params?: Params;
      providerText?: string;
      result?: unknown;
      details?: Record<string, unknown>;
      cause?: unknown;
    } = {},
  ) {
    const entry = ERRORS[errorName];
    // A refusal of the client's request (4xx: an unknown payment, missing client headers, too many requests)
    // is an answer, not a fault: its stack would say nothing, and capturing one cost ~5 µs, as much as the
    // rest of a refused request (a flood of refusals is the cheaper for it). Faults (5xx) keep their stack.
    const stackTraceLimit = Error.stackTraceLimit;
    if (entry.http < 500) Error.stackTraceLimit = 0;
    try {
      super(options.log ?? errorText(errorName, 'en', options.params), { cause: options.cause });
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
    this.errorName = errorName;
    this.name = 'AppError';
    this.code = entry.code;
    this.httpStatus = entry.http;
    this.result = options.result ?? null;
    this.details = options.details;
    this.params = options.params ?? {};
    this.providerText = options.providerText;
  }

  /** What the client is told, in its language. */
  userMessage(language: string | undefined): string {
    return this.providerText ?? errorText(this.errorName, language, this.params);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/**
 * The language a request wants its messages in: the first tag of Accept-Language (the web sends its page's
 * language there, web/src/lib/api.ts), else English.
 */
export function requestLanguage(acceptLanguage: string | string[] | undefined): string {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage;
  const first = (header ?? '').split(',')[0]!.split(';')[0]!.trim();
  const primary = first.split(/[-_]/)[0]!.toLowerCase();
  return /^[a-z]{2,3}$/.test(primary) ? primary : 'en';
}

/** The language a request wants its messages (and SMS, reasons) in, from its Accept-Language. */
export function languageOf(request: {
  headers: { 'accept-language'?: string | string[] | undefined };
}): string {
  return requestLanguage(request.headers['accept-language']);
}
