import { UpstreamError } from '../http.js';

/**
 * What a failed provider call means for the money, decided once, by the adapter (after smithy's error
 * classification: small predicates over status codes, kept in tables). The payment service acts on the
 * kind only and never looks at an HTTP status.
 *
 * - `final`: the provider refused the request and did nothing (a start or a refund it will not make);
 * - `retry`: nothing came of this call, and asking again shortly is expected to work (throttling, a 5xx on
 *   a read, a read that timed out);
 * - `indeterminate`: the provider may have acted (a write that timed out or failed with a 5xx), or will not
 *   say (401/403 after a key rotation, an answer we cannot read): the money's state is unknown. Keep the
 *   payment open, ask again later with back-off, and let the operator know (a counted metric).
 */
export type FailureKind = 'final' | 'retry' | 'indeterminate';

export type ProviderOperation = 'start' | 'verify' | 'refund';

export class ProviderFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly provider: string,
    readonly operation: ProviderOperation,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
    this.name = 'ProviderFailure';
  }
}

export const THROTTLING_STATUSES: readonly number[] = [429];
export const AUTH_STATUSES: readonly number[] = [401, 403];
/** A request timeout answered by the server: like our own time-out, the outcome is unknown. */
export const TIMEOUT_STATUSES: readonly number[] = [408];

const hasStatus = (error: UpstreamError, statuses: readonly number[]) =>
  error.status !== undefined && statuses.includes(error.status);

export const isThrottling = (error: UpstreamError) => hasStatus(error, THROTTLING_STATUSES);
export const isAuthFailure = (error: UpstreamError) => hasStatus(error, AUTH_STATUSES);
export const isTransient = (error: UpstreamError) =>
  error.kind === 'timeout' || error.kind === 'network' || hasStatus(error, TIMEOUT_STATUSES);
export const isServerError = (error: UpstreamError) => error.kind === 'server';

/** A read (a status query): asking again is always safe; only a refusal to answer is indeterminate. */
export function classifyRead(error: UpstreamError): FailureKind {
  if (isTransient(error) || isServerError(error) || isThrottling(error)) return 'retry';
  return 'indeterminate';
}

/**
 * A write (start a charge, refund): a time-out or a 5xx may have acted; a refused key needs an operator;
 * any other 4xx did nothing.
 */
export function classifyWrite(error: UpstreamError): FailureKind {
  if (isThrottling(error)) return 'retry';
  if (isTransient(error) || isServerError(error) || isAuthFailure(error)) return 'indeterminate';
  return 'final';
}

/**
 * The provider failure for an error thrown by a call: an UpstreamError sorted by `classify`, anything else
 * (an answer the adapter could not read, a bug) indeterminate.
 */
export function providerFailure(
  provider: string,
  operation: ProviderOperation,
  error: unknown,
  classify: (error: UpstreamError) => FailureKind,
): ProviderFailure {
  if (error instanceof ProviderFailure) return error;
  const kind = error instanceof UpstreamError ? classify(error) : 'indeterminate';
  const detail = error instanceof Error ? error.message : String(error);
  return new ProviderFailure(kind, provider, operation, `${provider} ${operation}: ${detail}`, {
    cause: error,
  });
}
