import pg from 'pg';
import type { Database } from './connection.js';

/**
 * Tells every instance on the same database that cached data changed: PostgreSQL's LISTEN/NOTIFY (PGlite has
 * it too), so a change is seen everywhere within milliseconds and nothing polls (docs/decisions/0060).
 */
export type ChangeFeed = {
  /**
   * Calls `onChange` with the payload of every notification on `channel` (this instance's own too), and with
   * `undefined` after the listening connection came back, when notifications may have been missed.
   */
  listen(channel: string, onChange: (payload: string | undefined) => void): Promise<void>;
  notify(channel: string, payload?: string): Promise<void>;
  /** Whether notifications are being heard now (false while the listening connection is down or not yet up). */
  listening(): boolean;
  close(): Promise<void>;
};

export type ChangeHandler = (payload: string | undefined) => void;

/** Channel names are fixed identifiers of this code, never user input. */
function checkedChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`invalid notification channel ${channel}`);
  return channel;
}

export function createChangeFeed(db: Database, onError: (error: unknown) => void): ChangeFeed {
  if (db.pglite) {
    const client = db.pglite;
    return {
      async listen(channel, onChange) {
        await client.listen(checkedChannel(channel), (payload) => onChange(payload));
      },
      async notify(channel, payload = '') {
        await client.query('select pg_notify($1, $2)', [checkedChannel(channel), payload]);
      },
      // The embedded database runs in this process: nothing between it and its listeners can be lost.
      listening: () => true,
      async close() {},
    };
  }
  if (!db.connectionString) throw new Error('change feed: the database has no connection string');
  return postgresFeed(db, db.connectionString, onError);
}

/** One dedicated connection LISTENs (a pooled one could be handed to a query); it reconnects when lost. */
function postgresFeed(db: Database, url: string, onError: (error: unknown) => void): ChangeFeed {
  const handlers = new Map<string, ChangeHandler[]>();
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let started: Promise<void> | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload);
    });
    const lost = (error?: unknown) => {
      if (error) onError(error);
      if (client !== next || closed) return;
      client = undefined;
      next.removeAllListeners('end');
      void next.end().catch(() => undefined);
      retry = setTimeout(() => void reconnect(), 1000);
      retry.unref();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    await next.connect();
    for (const channel of handlers.keys()) await next.query(`LISTEN ${channel}`);
    client = next;
  }

  async function reconnect() {
    if (closed) return;
    try {
      await connect();
      // Whatever changed while nobody listened: every cache reloads.
      for (const list of handlers.values()) for (const handler of list) handler(undefined);
    } catch (error) {
      onError(error);
      retry = setTimeout(() => void reconnect(), 1000);
      retry.unref();
    }
  }

  return {
    async listen(channel, onChange) {
      const name = checkedChannel(channel);
      const list = handlers.get(name);
      if (list) {
        list.push(onChange);
        return;
      }
      handlers.set(name, [onChange]);
      await (started ??= connect());
      // LISTEN twice is harmless; a lost connection LISTENs every channel again when it is back.
      await client?.query(`LISTEN ${name}`);
    },
    async notify(channel, payload = '') {
      await db.sql.query('select pg_notify($1, $2)', [checkedChannel(channel), payload]);
    },
    listening: () => client !== undefined && !closed,
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
