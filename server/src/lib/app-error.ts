import { ERRORS, type ErrorName } from '@portal/contract';

/**
 * The one error type of the server: a catalogue name (contract/errors.ts) gives the wire code, the HTTP
 * status and the default message; `details` go to the log only, never to the client.
 */
export class AppError extends Error {
  readonly code: string;
  readonly httpStatus: number;
  readonly result: unknown;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    readonly errorName: ErrorName,
    options: { message?: string; result?: unknown; details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    const entry = ERRORS[errorName];
    super(options.message ?? entry.message, { cause: options.cause });
    this.name = 'AppError';
    this.code = entry.code;
    this.httpStatus = entry.http;
    this.result = options.result ?? null;
    this.details = options.details;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
