import { z } from 'zod';

/**
 * Every API answer uses the spec's envelope (spec §7): a call succeeded when `statusCode` is "200"
 * or `status` is "success". On failure `statusCode` carries the catalogue code (e.g. "2003", "56D005")
 * that the web maps to the spec's texts; the HTTP status is set separately from the same catalogue.
 */
export const envelope = <T extends z.ZodType>(result: T) =>
  z.object({
    statusCode: z.string(),
    status: z.enum(['success', 'failure']),
    message: z.string(),
    result,
  });

export type Envelope<T> = {
  statusCode: string;
  status: 'success' | 'failure';
  message: string;
  result: T;
};

export const errorEnvelope = z.object({
  statusCode: z.string(),
  status: z.literal('failure'),
  message: z.string(),
  result: z.unknown().nullable(),
});

export function ok<T>(result: T, message = 'Success'): Envelope<T> {
  return { statusCode: '200', status: 'success', message, result };
}

/** The spec's success test, used by the web client on every answer. */
export function isSuccess(body: { statusCode?: unknown; status?: unknown }): boolean {
  return String(body.statusCode) === '200' || String(body.status).toLowerCase() === 'success';
}
