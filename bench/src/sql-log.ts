/**
 * The SQL a piece of code runs, as PostgreSQL receives it: every `query` of node-postgres in this process
 * (the portal's pool, through drizzle, and pg-boss's), with its parameters, recorded while `capture` runs.
 * The benches find their queries this way instead of guessing them from the source.
 */
import pg from 'pg';

export type LoggedQuery = { text: string; values: unknown[] };

let recording: LoggedQuery[] | undefined;
let installed = false;

/** Records from now on every query any pg client of this process sends (idempotent). */
function install() {
  if (installed) return;
  installed = true;
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (recording) {
      const [config, values] = args as [unknown, unknown];
      const text = typeof config === 'string' ? config : (config as { text?: string } | null)?.text;
      const given = Array.isArray(values) ? values : (config as { values?: unknown[] } | null)?.values;
      if (text) recording.push({ text, values: given ?? [] });
    }
    return original.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

/** Runs `work` and returns what it sent to PostgreSQL, in order, with what `work` returned. */
export async function capture<T>(work: () => Promise<T>): Promise<{ result: T; queries: LoggedQuery[] }> {
  install();
  const queries: LoggedQuery[] = [];
  recording = queries;
  try {
    return { result: await work(), queries };
  } finally {
    recording = undefined;
  }
}

/** The statement without its literal noise: one line, single spaces. */
export function shape(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
