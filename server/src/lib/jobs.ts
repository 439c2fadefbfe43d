import { PgBoss, fromPglite } from 'pg-boss';
import type { Database } from '../db/connection.js';

/**
 * A job is a name, a payload and a handler; the queue behind it is pg-boss on the portal's own database
 * (PostgreSQL or the embedded PGlite), so a job survives a crash and runs once across instances.
 */
export type JobHandler<T> = (data: T, job: { signal: AbortSignal }) => Promise<void>;

export type JobQueue = {
  send<T extends object>(
    name: string,
    data: T,
    options?: { singletonKey?: string; startAfterSeconds?: number },
  ): Promise<void>;
  work<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options?: { pollingIntervalSeconds?: number },
  ): Promise<void>;
  /**
   * Sends a job to `name` on a cron expression (UTC). The schedule lives in the database: however many
   * instances call this, one of them sends each occurrence, once.
   */
  schedule(name: string, cron: string): Promise<void>;
  unschedule(name: string): Promise<void>;
  stop(): Promise<void>;
};

export type QueueDefinition = {
  name: string;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** The longest pause of the exponential back-off between retries. */
  retryDelayMaxSeconds?: number;
  expireInSeconds?: number;
  /** pg-boss's queue policy; `exclusive`: at most one job queued or running at a time. */
  policy?: 'standard' | 'singleton' | 'stately' | 'exclusive';
};

/** Jobs one worker takes per fetch. */
const BATCH = 8;

export async function startJobQueue(
  db: Database,
  queues: QueueDefinition[],
  onError: (error: unknown) => void,
  options: { scheduleCheckSeconds?: number } = {},
): Promise<JobQueue> {
  const scheduling = options.scheduleCheckSeconds
    ? { cronMonitorIntervalSeconds: options.scheduleCheckSeconds }
    : {};
  const boss =
    db.kind === 'pglite' && db.pglite
      ? new PgBoss({ db: fromPglite(db.pglite), backend: 'pglite', schema: 'pgboss', ...scheduling })
      : new PgBoss({ connectionString: db.connectionString!, schema: 'pgboss', max: 4, ...scheduling });
  boss.on('error', onError);
  await boss.start();
  for (const q of queues) {
    await boss.createQueue(q.name, {
      retryLimit: q.retryLimit ?? 5,
      retryDelay: q.retryDelaySeconds ?? 2,
      retryBackoff: true,
      ...(q.retryDelayMaxSeconds ? { retryDelayMax: q.retryDelayMaxSeconds } : {}),
      expireInSeconds: q.expireInSeconds ?? 120,
      ...(q.policy ? { policy: q.policy } : {}),
    });
  }
  let stopping = false;
  return {
    async send(name, data, options = {}) {
      await boss.send(name, data, {
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      });
    },
    async work(name, handler, options = {}) {
      // A backlog is drained, not trickled: each poll takes up to BATCH jobs, runs them side by side
      // (they wait on providers, not on the CPU) and fetches again at once while batches come back
      // full. Each job succeeds or fails on its own, so one failure retries only that job.
      await boss.work<object>(
        name,
        {
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
          batchSize: BATCH,
          burstWhenBatchFull: true,
          perJobResults: true,
        },
        async (jobs) =>
          Promise.all(
            jobs.map(async (job) => {
              try {
                await handler(job.data as never, { signal: job.signal });
                return { id: job.id, status: 'completed' as const };
              } catch (error) {
                // Kept on the job row (pg-boss output) for the operator; the module logged its own cause.
                return { id: job.id, status: 'failed' as const, output: { message: String(error) } };
              }
            }),
          ),
      );
    },
    async schedule(name, cron) {
      // A pass missed while every instance was down is run once at the next start, not once per occurrence.
      await boss.schedule(name, cron, null, { tz: 'UTC', missed: 'once' });
    },
    async unschedule(name) {
      await boss.unschedule(name);
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
