import { PgBoss, fromPglite, type PerJobWorkHandler } from 'pg-boss';
import type { Database } from '../db/connection.js';
import { PreparingClient } from '../db/prepared-statements.js';

/**
 * A job is a name, a payload and a handler; the queue behind it is pg-boss on the portal's own database
 * (PostgreSQL or the embedded PGlite), so a job survives a crash and runs once across instances.
 */
export type JobHandler<T> = (data: T, job: { signal: AbortSignal }) => Promise<void>;

export type JobQueue = {
  send<T extends object>(
    name: string,
    data: T,
    options?: {
      singletonKey?: string;
      startAfterSeconds?: number;
      /** At most one job of this key is sent in each slot of this many seconds (others are dropped). */
      singletonSeconds?: number;
    },
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
  /**
   * Wake this queue's workers the moment a job is sent (PostgreSQL NOTIFY, on every instance) instead of at
   * their next poll: for the work a payer waits on (settling, giving the value, refunding).
   */
  wake?: boolean;
  /** Workers of this instance fetching side by side, each a batch of BATCH jobs (default 1). */
  workers?: number;
};

/** Jobs one worker takes per fetch. */
const BATCH = 8;
/** With wake-ups, polling is only the floor that catches a notification lost with a dropped connection. */
const WOKEN_POLL_SECONDS = 5;

export async function startJobQueue(
  db: Database,
  queues: QueueDefinition[],
  onError: (error: unknown) => void,
  options: { scheduleCheckSeconds?: number } = {},
): Promise<JobQueue> {
  const boss = newBoss(db, options.scheduleCheckSeconds);
  boss.on('error', onError);
  await boss.start();
  const definitions = new Map(queues.map((q) => [q.name, q]));
  await defineQueues(boss, queues);
  let stopping = false;
  return {
    async send(name, data, options = {}) {
      await boss.send(name, data, {
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
        ...(options.singletonSeconds ? { singletonSeconds: options.singletonSeconds } : {}),
      });
    },
    async work(name, handler, options = {}) {
      // A backlog is drained, not trickled: each poll takes up to BATCH jobs, runs them side by side
      // (they wait on providers, not on the CPU) and fetches again at once while batches come back
      // full; with several workers, a new job does not wait for the slowest job of a running batch.
      const definition = definitions.get(name);
      await boss.work<object>(
        name,
        {
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
          ...(definition?.wake ? { notifyPollingIntervalSeconds: WOKEN_POLL_SECONDS } : {}),
          localConcurrency: definition?.workers ?? 1,
          batchSize: BATCH,
          burstWhenBatchFull: true,
          perJobResults: true,
        },
        eachJobOnItsOwn(handler),
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

/** pg-boss on the embedded PGlite, or on PostgreSQL through a pool of its own. */
function newBoss(db: Database, scheduleCheckSeconds: number | undefined): PgBoss {
  const scheduling = scheduleCheckSeconds ? { cronMonitorIntervalSeconds: scheduleCheckSeconds } : {};
  // useListenNotify: one connection listens, so that a job sent on any instance wakes the workers of a
  // `wake` queue on every instance at once (polling stays as the floor).
  return db.kind === 'pglite' && db.pglite
    ? new PgBoss({
        db: fromPglite(db.pglite),
        backend: 'pglite',
        schema: 'pgboss',
        useListenNotify: true,
        ...scheduling,
      })
    : new PgBoss({
        connectionString: db.connectionString!,
        schema: 'pgboss',
        // Requests send jobs and workers fetch and complete them: 4 connections queued them at 100 payments/s.
        max: 8,
        // pg-boss hands its options to pg's Pool: its statements, like the portal's, are prepared once per
        // connection (db/prepared-statements.ts). Were a release to stop passing it on, they would only be
        // planned each time again.
        ...({ Client: PreparingClient } as object),
        useListenNotify: true,
        ...scheduling,
      });
}

async function defineQueues(boss: PgBoss, queues: QueueDefinition[]): Promise<void> {
  for (const q of queues) {
    const policy = {
      retryLimit: q.retryLimit ?? 5,
      retryDelay: q.retryDelaySeconds ?? 2,
      retryBackoff: true,
      ...(q.retryDelayMaxSeconds ? { retryDelayMax: q.retryDelayMaxSeconds } : {}),
      expireInSeconds: q.expireInSeconds ?? 120,
      notify: q.wake ?? false,
    };
    // createQueue leaves an existing queue as it was: the update brings a database made by an older
    // release to this release's retry and wake settings (a queue's policy is fixed when it is made).
    await boss.createQueue(q.name, { ...policy, ...(q.policy ? { policy: q.policy } : {}) });
    await boss.updateQueue(q.name, policy);
  }
}

/** A batch handler under which each job succeeds or fails on its own, so one failure retries only that job. */
function eachJobOnItsOwn<T extends object>(handler: JobHandler<T>): PerJobWorkHandler<object> {
  return async (jobs) =>
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
    );
}
