/**
 * The one database shape the sandbox needs. PGlite and pg.Pool both satisfy it. Because a pg.Pool may run two
 * calls on two different connections, the sandbox never spreads a transaction over several calls: every
 * money movement is one statement (a stored function or a single UPDATE), atomic on any connection.
 */
export interface SandboxDb {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** SQLSTATE our stored functions raise for business errors; the message is the error code. */
export const BUSINESS_ERROR = 'SBX01';

export function businessError(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && (err as { code?: unknown }).code === BUSINESS_ERROR) {
    return String((err as { message?: unknown }).message);
  }
  return undefined;
}

/** int8 comes back as number (PGlite) or string (pg); both become a JS number (amounts stay < 2^53). */
export function num(value: unknown): number {
  return typeof value === 'number' ? value : Number(value);
}

export function numOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : num(value);
}

/** timestamptz comes back as Date (both drivers) - or as text when a function returned it inside jsonb. */
export function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

export async function one<T>(db: SandboxDb, text: string, params?: unknown[]): Promise<T | undefined> {
  const { rows } = await db.query<T>(text, params);
  return rows[0];
}
