import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './data-dir-lock.js';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { PreparingClient } from './prepared-statements.js';
import * as schema from './schema/index.js';

export type Orm = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The plain `query(text, params)` both drivers offer; used for SQL the ORM does not express. */
export type SqlClient = {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
};

export type Database = {
  kind: 'pglite' | 'postgres';
  orm: Orm;
  sql: SqlClient;
  /** Only for the embedded database (pg-boss's PGlite adapter needs it). */
  pglite?: PGlite;
  connectionString?: string;
  ping(): Promise<void>;
  migrate(): Promise<void>;
  /** Errors of idle pool connections (a dropped connection, a database restart), for the log. */
  onError(listener: (error: Error) => void): void;
  close(): Promise<void>;
};

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any fixed number: instances starting together take turns migrating.
const MIGRATION_LOCK = 727_2026;

/**
 * Embedded PGlite when no URL is given (a directory, or in memory for tests), PostgreSQL otherwise.
 * `pgliteFrom`, for a new embedded database only: a copy of another one (`dumpDataDir`) to start from instead of
 * creating it, which costs PGlite 4-5 s of CPU (the test harness starts every test portal from one copy).
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir?: string;
  poolSize?: number;
  pgliteFrom?: Blob | undefined;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  const dir = options.dataDir ? path.join(options.dataDir, 'pglite') : undefined;
  return openPglite(dir, options.pgliteFrom);
}

/**
 * PGlite runs each statement in WebAssembly on this thread and hands its lock from one waiting statement to the
 * next by promise, so a burst of queued statements runs to the end without the event loop reading a socket:
 * a health probe (or any request) waited for the whole queue, seconds at 200 connections. Each statement now
 * first lets the event loop turn (measured: a timer that waited for all of 300 queued reads fires before the
 * first). `_runExclusiveQuery` is PGlite's own hook around every statement (0.5.x); the test in
 * connection.test.ts fails if it stops being called.
 */
function yieldBetweenQueries(client: PGlite) {
  const hooks = client as unknown as { _runExclusiveQuery: <T>(run: () => Promise<T>) => Promise<T> };
  const runExclusive = hooks._runExclusiveQuery.bind(client);
  hooks._runExclusiveQuery = (run) =>
    runExclusive(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return run();
    });
}

async function openPglite(dir: string | undefined, from: Blob | undefined): Promise<Database> {
  if (dir) mkdirSync(dir, { recursive: true });
  const release = dir ? lockDataDir(dir) : () => undefined;
  const start = from ? { loadDataDir: from } : {};
  const client = dir ? new PGlite(dir, start) : new PGlite(start);
  await client.waitReady.catch((error: unknown) => {
    release();
    throw error;
  });
  yieldBetweenQueries(client);
  const orm = drizzlePglite(client, { schema }) as unknown as Orm;
  return {
    kind: 'pglite',
    orm,
    sql: client,
    pglite: client,
    onError: () => undefined,
    ping: async () => {
      await client.query('select 1');
    },
    migrate: async () => {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS });
    },
    close: async () => {
      if (!client.closed) await client.close();
      release();
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    // Named in pg_stat_activity and the server's log (an application_name in the URL wins).
    application_name: 'selfcare-portal',
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    Client: PreparingClient,
  });
  // A dropped connection must not crash the process (the next query reconnects), nor go unnoticed: the app
  // logs it; until it listens, it goes to stderr.
  const listeners: ((error: Error) => void)[] = [];
  pool.on('error', (error) => {
    if (listeners.length === 0) process.stderr.write(`database pool error: ${error.message}\n`);
    for (const listener of listeners) listener(error);
  });
  // pg-pool takes its idle 'error' listener off a connection while it is checked out (a transaction), so a
  // database restart between two statements of a transaction emitted 'error' with nobody listening, and that
  // ends the process. The transaction's next statement fails all the same and the pool drops the connection
  // on release; this listener only keeps the process alive (found by the soak, deploy/src/soak).
  pool.on('connect', (client) => client.on('error', () => undefined));
  const orm = drizzlePg(pool, { schema }) as unknown as Orm;
  return {
    kind: 'postgres',
    orm,
    sql: pool,
    connectionString: url,
    onError: (listener) => void listeners.push(listener),
    ping: async () => {
      await pool.query('select 1');
    },
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
    },
    close: async () => {
      await pool.end();
    },
  };
}
