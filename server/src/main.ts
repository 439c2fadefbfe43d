import { loadConfig, ConfigError, type Config } from './config.js';
import { openDatabase, type Database } from './db/connection.js';
import { buildApp } from './app.js';
import { createLogger } from './lib/logger.js';
import { repeatedErrorLog } from './lib/repeated-errors.js';
import { closeInstance } from './lib/shutdown.js';
import { StartRefusal } from './lib/start-refusal.js';
import { startJobQueue } from './lib/jobs.js';
import { QUEUES } from './queues.js';

/** How long a shutdown may take (running jobs finish, answers go out) before the process exits anyway. */
const SHUTDOWN_LIMIT_MS = 15_000;

const SANDBOX_WARNING = [
  '*** SANDBOX MODE: payments, SMS and the operator core are SIMULATED (/sandbox), secrets are generated. ***',
  '*** Not for real subscribers: set PORTAL_MODE=production with real upstreams and secrets.            ***',
].join('\n');

/** Where the database is, for a message: the URL without its password, or the embedded database's folder. */
function databaseName(config: Config): string {
  if (!config.databaseUrl) return `the embedded database in ${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  url.password = '';
  return url.href;
}

/**
 * The database opened and migrated, or the process ends with one clear line: an operator reads why it could not
 * start (no server there, no such database, the folder in use), not a stack trace.
 */
async function openMigrated(config: Config): Promise<Database> {
  let db: Database | undefined;
  try {
    db = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
    });
    await db.migrate();
    return db;
  } catch (error) {
    await db?.close().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(`Could not open ${databaseName(config)}: ${reason}\n`);
    process.exit(1);
  }
}

/** Read config, open the database, migrate, make the log and the job queue, build the app, listen; stop gracefully. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const db = await openMigrated(config);
  const log = createLogger(config.logLevel);
  const jobs = await startJobQueue(db, QUEUES, repeatedErrorLog(log, 'job queue error'), {
    scheduleCheckSeconds: config.jobScheduleCheckSeconds,
  });
  const app = await buildApp({ config, db, jobs, loggerInstance: log }).catch(async (error: unknown) => {
    if (!(error instanceof StartRefusal)) throw error;
    process.stderr.write(`${error.message}\n`);
    await jobs.stop().catch(() => undefined);
    await db.close().catch(() => undefined);
    process.exit(1);
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error(
        { afterMs: SHUTDOWN_LIMIT_MS },
        'shutdown did not finish in time; exiting with work unfinished',
      );
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    force.unref();
    try {
      await closeInstance(app, db);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ host: config.host, port: config.port });
  if (config.port === 0) config.port = Number(new URL(address).port);
  const reached = config.publicBaseUrl() === address ? '' : `, reached at ${config.publicBaseUrl()}`;
  // Whether the rate limit is shared: an instance without Redis counts its own clients only.
  const limits = config.redisUrl ? 'rate limits shared in Redis' : 'rate limits per instance (no REDIS_URL)';
  app.log.info(`portal (${config.mode} mode, ${db.kind}, ${limits}) listening on ${address}${reached}`);
  if (config.sandbox) app.log.warn(SANDBOX_WARNING);
}

void main();
