import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Writable } from 'node:stream';
import { clientHeaders } from '@portal/contract';
import { buildApp, type Ports } from '../app.js';
import { logPrivacyOptions } from '../lib/redact.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/connection.js';
import { closeInstance } from '../lib/shutdown.js';
import { startJobQueue } from '../lib/jobs.js';
import { JOBS } from '../modules/payments/context.js';
import { RETENTION_JOB } from '../modules/retention/job.js';
import { QUEUES } from '../queues.js';

/** The databases integration tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabases(): ('pglite' | 'postgres')[] {
  return process.env['TEST_DATABASE_URL'] ? ['pglite', 'postgres'] : ['pglite'];
}

/** A fresh, empty PostgreSQL database per test portal, dropped afterwards. */
async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = process.env['TEST_DATABASE_URL']!;
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return existingPostgres(url.toString());
}

/** A test database made by freshPostgres, to be dropped by whoever holds it last. */
function existingPostgres(url: string): { url: string; drop: () => Promise<void> } {
  const name = new URL(url).pathname.slice(1);
  if (!/^portal_test_[0-9a-f]+$/.test(name)) throw new Error(`not a test database: ${name}`);
  return {
    url,
    drop: async () => {
      const c = new pg.Client({ connectionString: process.env['TEST_DATABASE_URL']! });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export type TestPortal = {
  config: Config;
  dataDir: string;
  databaseUrl: string | undefined;
  db: Database;
  baseUrl: string;
  app: Awaited<ReturnType<typeof buildApp>>;
  /** JSON request against the listening portal (real HTTP, as the browser and the sandbox use it). */
  request: <T = unknown>(
    method: string,
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => Promise<{ status: number; body: T; headers: Headers }>;
  close: () => Promise<void>;
};

export type TestPortalOptions = {
  env?: Record<string, string>;
  ports?: Partial<Ports>;
  /** Reuse the database of an earlier portal (a restart): this portal now owns it and drops it on close. */
  reuse?: { dataDir: string; databaseUrl?: string | undefined };
  /** Keep the database on close, for a restart test. */
  keep?: boolean;
  /** Fastify's logger options (silent when absent). */
  logger?: Parameters<typeof buildApp>[0]['logger'];
  /** Receives every log line (at debug level, with the production logger's redaction and scrubbing). */
  logSink?: (line: string) => void;
};

export async function startTestPortal(
  kind: 'pglite' | 'postgres' = 'pglite',
  options: TestPortalOptions = {},
): Promise<TestPortal> {
  const dataDir = options.reuse?.dataDir ?? mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  const pgDb =
    options.reuse?.databaseUrl !== undefined
      ? existingPostgres(options.reuse.databaseUrl)
      : kind === 'postgres'
        ? await freshPostgres()
        : undefined;
  // A portal that fails to start (a bad setting under test) leaves no directory or database behind.
  const discard = async () => {
    if (options.keep) return;
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  let started: Awaited<ReturnType<typeof boot>>;
  try {
    started = await boot(dataDir, pgDb?.url, options);
  } catch (error) {
    await discard();
    throw error;
  }
  const { config, db, app } = started;
  const baseUrl = config.publicBaseUrl();
  return {
    config,
    dataDir,
    databaseUrl: pgDb?.url,
    db,
    app,
    baseUrl,
    async request<T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
      const response = await fetch(`${baseUrl}${url}`, {
        method,
        redirect: 'manual',
        // The API key and service id of the web app (spec §7), as every client of the API sends them.
        headers: {
          ...clientHeaders(config.clientHeaders),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // keep text
      }
      return { status: response.status, body: parsed as T, headers: response.headers };
    },
    async close() {
      await closeInstance(app, db);
      await discard();
    },
  };
}

let pgliteCopy: Promise<Blob> | undefined;

/**
 * An embedded database created and migrated once per test process, that every new test portal on PGlite starts
 * from: creating one costs PGlite 4-5 s of CPU (its initdb), loading a copy about 0.8 s. With the FAQ
 * answers sanitised once per process (help/service.ts), a test portal's start on PGlite went from 4.4 s (6.2 s
 * of CPU) to 1.9 s (2.7 s), on PostgreSQL from 2.1 s to 1.0 s (2026-11-28).
 */
function migratedPglite(): Promise<Blob> {
  pgliteCopy ??= (async () => {
    const db = await openDatabase({});
    try {
      await db.migrate();
      return await db.pglite!.dumpDataDir('none');
    } finally {
      await db.close();
    }
  })().catch((error: unknown) => {
    // A worker runs many files one after another: one failed copy must not fail every portal after it.
    pgliteCopy = undefined;
    throw error;
  });
  return pgliteCopy;
}

/** Config, database, jobs and app of a test portal, listening on a free port. */
async function boot(dataDir: string, databaseUrl: string | undefined, options: TestPortalOptions) {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    RATE_LIMIT_PER_MINUTE: '10000',
    UPSTREAM_TIMEOUT_MS: '3000',
    // Tests buy the same thing for the same number again and again; the paying-twice guard's tests set it.
    DUPLICATE_PURCHASE_WINDOW_MINUTES: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  // On PGlite the database lives in the data directory, so a restart finds it again.
  const persistent = options.keep || options.reuse;
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    ...(persistent ? { dataDir: config.dataDir } : {}),
    poolSize: 5,
    // A restart opens the database its first life left; anything else starts from the migrated copy.
    pgliteFrom: config.databaseUrl || options.reuse ? undefined : await migratedPglite(),
  });
  try {
    await db.migrate();
    const jobs = await startJobQueue(db, QUEUES, () => undefined, {
      scheduleCheckSeconds: config.jobScheduleCheckSeconds,
    });
    let app: Awaited<ReturnType<typeof buildApp>>;
    try {
      app = await buildApp({
        config,
        db,
        jobs,
        logger: options.logSink ? capturingLogger(config, options.logSink) : (options.logger ?? false),
        ...(options.ports ? { ports: options.ports } : {}),
      });
    } catch (error) {
      await jobs.stop();
      throw error;
    }
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    config.port = Number(new URL(address).port);
    return { config, db, app };
  } catch (error) {
    await db.close();
    throw error;
  }
}

function capturingLogger(config: Config, sink: (line: string) => void) {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      sink(String(chunk));
      done();
    },
  });
  return { level: 'debug', ...logPrivacyOptions(), stream };
}

/** Polls until `check` returns a value (or the time runs out). */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 15_000,
  everyMs = 200,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Polls `read` every 10 ms until `done` holds; returns the milliseconds it took (fails after `limitMs`). */
export async function msUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, limitMs: number) {
  const start = performance.now();
  for (;;) {
    if (done(await read())) return performance.now() - start;
    if (performance.now() - start > limitMs) throw new Error(`not seen within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Jobs that come round by themselves; pg-boss's own forwarder of scheduled jobs among them. */
const PERIODIC_JOBS = [JOBS.reconcile, RETENTION_JOB, '__pgboss__send-it'];

/**
 * Waits until nothing is left to happen: no job running or due (delayed jobs that start later do not count,
 * nor the periodic reconciliation and retention, which are always about to run; the jobs reconciliation
 * queues do count), no payment's value or refund being worked on in an instance (a held lease, or a PAID
 * payment about to be claimed: fulfilment runs where the payment was seen paid, outside the queue)
 * and no sandbox webhook or callback waiting to be delivered, twice in a row. (A delivery the sandbox has not
 * touched for longer than its retry schedule, 15 s, belongs to a sandbox that was shut down: nobody sends it.) A test then reads the record
 * (credits, events, deliveries) to prove that nothing more happened, instead of sleeping and hoping.
 */
export async function whenQuiet(portal: Pick<TestPortal, 'db'>, timeoutMs = 30_000): Promise<void> {
  let quietPolls = 0;
  await eventually(
    async () => {
      const { rows } = await portal.db.sql.query<{ busy: number }>(
        `select (select count(*) from pgboss.job
                  where name <> all($1)
                    and (state = 'active' or (state in ('created', 'retry') and start_after <= now())))::int
              + (select count(*) from sandbox.deliveries
                  where status = 'PENDING' and updated_at > now() - interval '20 seconds')::int
              + (select count(*) from transactions
                  where (state = 'PAID' and (fulfil_lease_until > now()
                          or (fulfil_lease_until is null and updated_at > now() - interval '5 seconds')))
                     or (state = 'REFUND_PENDING' and refund_lease_until > now()))::int as busy`,
        [PERIODIC_JOBS],
      );
      quietPolls = rows[0]?.busy === 0 ? quietPolls + 1 : 0;
      return quietPolls >= 2 ? true : undefined;
    },
    timeoutMs,
    100,
  );
}
