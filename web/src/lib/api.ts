import { CALLS, type CallName } from '@portal/contract/calls';
import type { RequestOf, ResultOf } from '@portal/contract/endpoints';
import { ERROR_CODES } from '@portal/contract/error-codes';
import {
  clientHeaders,
  DEFAULT_CLIENT_HEADER_VALUES,
  type ClientHeaderValues,
} from '@portal/contract/client-headers';
import { DEFAULT_ERROR_TEXT } from '@portal/contract/default-error-text';
import { defaultErrorText } from './default-error-text';
import { isSuccess } from '@portal/contract/success';
import { MARKET } from './market';
import type { Envelope } from '@portal/contract/success';

/**
 * The one HTTP client of the web app (design §2: features talk to the server only through here).
 * Every call carries the spec's fixed headers (§7); an answer is a success when `isSuccess()` of the
 * contract says so, and then the envelope's `result` is returned. Anything else throws an ApiError that
 * carries the catalogue code (`statusCode`) and the server's message, or the default text.
 */
export const FIXED_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'application/json',
  'x-unmask-request': 'true',
  'x-product-code': 'ORP',
  'x-app-version': import.meta.env.APP_VERSION,
  'x-opco': MARKET,
  'x-run-mode': 'production',
  ...clientHeaders(clientHeaderValues()),
};

/**
 * The API key and service id the server checks (spec §7; docs/decisions/0080): configuration of the server,
 * written into each page. A page without them (the Vite dev server's) uses the defaults; on the server the
 * in-process transport puts the configured ones over these.
 */
export function clientHeaderValues(
  doc: Pick<Document, 'querySelector'> | undefined = globalThis.document,
): ClientHeaderValues {
  const read = (name: string) => doc?.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? '';
  const apiKey = read('portal-api-key');
  const serviceId = read('portal-service-id');
  return apiKey && serviceId ? { apiKey, serviceId } : DEFAULT_CLIENT_HEADER_VALUES;
}

export class ApiError extends Error {
  /** The envelope's statusCode (catalogue code such as "2003"), or "NETWORK" when no answer arrived. */
  readonly statusCode: string;
  /** The HTTP status, 0 when the request never got an answer. */
  readonly httpStatus: number;
  /** The envelope's `result` of the failure, when it carries one (e.g. `{attemptsLeft}` of a wrong code or PIN). */
  readonly result: unknown;

  constructor(message: string, statusCode: string, httpStatus: number, result: unknown = null) {
    super(message || DEFAULT_ERROR_TEXT);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.httpStatus = httpStatus;
    this.result = result;
  }

  /** A failed query of the server's render reaches the browser as JSON: with its message (not enumerable). */
  toJSON() {
    return { ...this, message: this.message };
  }
}

/** The ApiError again from its JSON (`toJSON`); anything else as it is. */
export function reviveApiError(value: unknown): unknown {
  return (value as { name?: unknown } | null)?.name === 'ApiError'
    ? Object.setPrototypeOf(value, ApiError.prototype)
    : value;
}

/** `result.attemptsLeft` of a failure (wrong code or PIN), when the server sent one. */
export function attemptsLeftOf(error: unknown): number | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const left = (error.result as { attemptsLeft?: unknown } | null)?.attemptsLeft;
  return typeof left === 'number' && Number.isFinite(left) ? left : undefined;
}

/** True only in a browser that knows it has no connection (never on the server). */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && !navigator.onLine;
}

/** An answer worth asking for again: none arrived, the server was busy (429) or failed (5xx). */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.httpStatus === 0 || error.httpStatus === 429 || error.httpStatus >= 500;
}

/** Too many codes were sent to the number: the OTP prompt closes with the spec's own text instead. */
export function isOtpLimit(error: unknown): boolean {
  return error instanceof ApiError && error.statusCode === ERROR_CODES.otpLimit;
}

/** The text to show for any error: the server's message, else 'Something Went Wrong!' in the page's language. */
export function errorMessage(error: unknown): string {
  const message = error instanceof ApiError ? error.message : '';
  return message && message !== DEFAULT_ERROR_TEXT ? message : defaultErrorText();
}

export type QueryParams = Record<string, string | number | boolean | undefined | null>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: QueryParams;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Content calls are labelled with run mode "beta" (spec §1); everything else "production". */
  runMode?: 'production' | 'beta';
};

export function buildUrl(path: string, query?: QueryParams): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/**
 * How requests leave: the browser's fetch, or, when the server renders a page, its in-process call into
 * the same API (set once by the server entry; relative paths have no origin there).
 */
let transport: typeof fetch = (input, init) => fetch(input, init);

export function setTransport(next: typeof fetch): void {
  transport = next;
}

/**
 * The page's language, sent as Accept-Language so that the server answers its error messages in it (the
 * browser's own Accept-Language is the visitor's device setting, not the page they chose). Set once by the
 * browser's entry; the server's render answers in the page's language on its own side.
 */
let pageLanguage: () => string | undefined = () => undefined;

export function setPageLanguage(next: () => string | undefined): void {
  pageLanguage = next;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, headers, signal, runMode } = options;
  let response: Response;
  const language = pageLanguage();
  try {
    response = await transport(buildUrl(path, query), {
      method,
      headers: {
        ...FIXED_HEADERS,
        ...(language ? { 'accept-language': language } : {}),
        ...(runMode ? { 'x-run-mode': runMode } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      credentials: 'same-origin',
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    // Network failure, CORS, offline: spec §8 says such client errors are only logged.
    console.warn('[api] request failed', method, path, cause);
    throw new ApiError(DEFAULT_ERROR_TEXT, 'NETWORK', 0);
  }

  let payload: Partial<Envelope<T>> | undefined;
  try {
    payload = (await response.json()) as Partial<Envelope<T>>;
  } catch {
    payload = undefined;
  }

  if (payload && typeof payload === 'object' && isSuccess(payload)) {
    return payload.result as T;
  }
  throw new ApiError(
    typeof payload?.message === 'string' ? payload.message : DEFAULT_ERROR_TEXT,
    payload?.statusCode != null ? String(payload.statusCode) : String(response.status),
    response.status,
    payload?.result ?? null,
  );
}

/**
 * A call of the contract by name (`CALLS`): sent to its path with its method, the request typed by the
 * schema the server validates it with, the answer by the schema of its result (`ENDPOINTS`, types only).
 */
export function call<K extends CallName>(
  name: K,
  input: RequestOf<K>,
  options: Omit<RequestOptions, 'method' | 'query' | 'body'> = {},
): Promise<ResultOf<K>> {
  const { method, path } = CALLS[name];
  return method === 'GET'
    ? request<ResultOf<K>>(path, { ...options, method, query: input as QueryParams })
    : request<ResultOf<K>>(path, { ...options, method, body: input });
}
