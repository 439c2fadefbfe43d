import pg from 'pg';

/**
 * Distinct statements named per process. The portal and the sandbox send a few dozen; a statement whose text
 * varies (a list of values written into it) would name a new one each time, and each connection would keep
 * every one it prepared, so past this many, statements go unnamed as before.
 */
const MAX_NAMED = 500;

const names = new Map<string, string>();

function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) {
    name = `portal_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };

const hasValues = (values: unknown) => Array.isArray(values) && values.length > 0;

/** The arguments of `query` with the statement named, when it takes parameters and is not named already. */
function named(args: unknown[]): unknown[] {
  const [first, ...after] = args;
  if (typeof first === 'string') {
    const [values, ...rest] = after;
    if (!hasValues(values)) return args;
    const name = nameOf(first);
    return name ? [{ name, text: first, values }, ...rest] : args;
  }
  const config = first as QueryConfig | null | undefined;
  if (!config || typeof config !== 'object' || typeof config.text !== 'string') return args;
  // A Query object (a cursor, a stream) keeps its own protocol; a named or parameterless one stays as it is.
  if (config.name !== undefined || typeof config.submit === 'function') return args;
  if (!hasValues(config.values) && !hasValues(after[0])) return args;
  const name = nameOf(config.text);
  return name ? [{ ...config, name }, ...after] : args;
}

/**
 * A PostgreSQL connection that prepares each statement with parameters once and then only binds it: the
 * portal's statements are few and run for every payment, and PostgreSQL spent as long planning them again as
 * running them (pg_stat_statements in bench:payments: 1.4 s of plans beside 2.0 s of execution for 624
 * payments). After five runs PostgreSQL keeps a generic plan unless it costs clearly more than a custom one.
 * A plan is made again by PostgreSQL itself when a table it uses changes.
 */
export class PreparingClient extends pg.Client {}

// pg's own `query` is looked up at each call, not kept at import: a recorder wrapped around it later (the
// benches' sql-log.ts) sees these statements too.
PreparingClient.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  return (pg.Client.prototype.query as (...args: unknown[]) => unknown).apply(this, named(args));
} as typeof pg.Client.prototype.query;
