/**
 * The spec's success test and envelope type without zod, so the web's first page can use them for a few
 * bytes (envelope.ts re-exports both; import from here in browser code).
 */
export type Envelope<T> = {
  statusCode: string;
  status: 'success' | 'failure';
  message: string;
  result: T;
};

/** The spec's success test, used by the web client on every answer. */
export function isSuccess(body: { statusCode?: unknown; status?: unknown }): boolean {
  return String(body.statusCode) === '200' || String(body.status).toLowerCase() === 'success';
}
