import { z } from 'zod';
import type { Envelope } from './success.js';

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

export type { Envelope } from './success.js';

/**
 * A field the request got wrong: its path in the part of the request it came in (`msisdn`,
 * `customerDetails.fullName`; `(root)` for the whole) and the check's reason. Never the value sent: it may be a
 * PIN or a code.
 */
export const fieldProblem = z.object({ path: z.string(), reason: z.string() });
export type FieldProblem = z.infer<typeof fieldProblem>;

export const errorEnvelope = z.object({
  statusCode: z.string(),
  status: z.literal('failure'),
  message: z.string(),
  result: z.unknown().nullable(),
  /** On a 400 of the request's validation only: which fields, so that an API client can tell. */
  fields: z.array(fieldProblem).optional(),
});

export function ok<T>(result: T, message = 'Success'): Envelope<T> {
  return { statusCode: '200', status: 'success', message, result };
}

export { isSuccess } from './success.js';
