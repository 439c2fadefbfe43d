/**
 * The portal built inside the bench's own process (as main.ts builds it: config, database, migrations, job
 * queue, app), so that a bench can see the SQL a call runs (sql-log.ts) and run a job's handler itself.
 * Unless `runJobs`, job handlers are held, not started: nothing runs in the background unless the bench calls
 * it, and jobs the requests send wait in the queue.
 */
import { buildApp } from '@portal/server/app';
import { loadConfig, type Config } from '@portal/server/config';
import { openDatabase, type Database } from '@portal/server/db/connection';
import { startJobQueue, type JobHandler, type JobQueue } from '@portal/server/lib/jobs';
import { QUEUES } from '@portal/server/queues';

export type InProcessPortal = {
  baseUrl: string;
  config: Config;
  db: Database;
  /** The handler the app registered for a job queue, to run by hand. */
  handler: (name: string) => JobHandler<object>;
  close: () => Promise<void>;
};

export async function startInProcess(options: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  runJobs?: boolean;
}): Promise<InProcessPortal> {
  const config = loadConfig({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'warn',
    SERVE_WEB: 'false',
    RATE_LIMIT_PER_MINUTE: '100000000',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  });
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  await db.migrate();
  const queue = await startJobQueue(db, QUEUES, (error) => process.stderr.write(`jobs: ${String(error)}\n`));
  const handlers = new Map<string, JobHandler<object>>();
  const jobs: JobQueue = {
    send: (name, data, sendOptions) => queue.send(name, data, sendOptions),
    work: async (name, handler, workOptions) => {
      handlers.set(name, handler as JobHandler<object>);
      if (options.runJobs) await queue.work(name, handler, workOptions);
    },
    schedule: (name, cron) => queue.schedule(name, cron),
    unschedule: (name) => queue.unschedule(name),
    stop: () => queue.stop(),
  };
  const app = await buildApp({ config, db, jobs });
  await app.listen({ host: config.host, port: config.port });
  return {
    baseUrl: `http://127.0.0.1:${config.port}`,
    config,
    db,
    handler: (name) => {
      const found = handlers.get(name);
      if (!found) throw new Error(`no handler for ${name}`);
      return found;
    },
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}
