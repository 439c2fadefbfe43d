import type { JobQueue, QueueDefinition } from '../../lib/jobs.js';
import type { Logger } from '../../lib/logger.js';
import { RETENTION_PASS_EXPIRY_SECONDS, type Retention } from './service.js';

export const RETENTION_JOB = 'retention.pass';

/**
 * One pass at a time across every instance: the schedule sends each occurrence once (pg-boss's cron
 * claim), the queue holds at most one pass queued or running (`exclusive`), and a pass ends before the
 * queue's expiry could hand it to another worker. A failed pass is not retried: the next occurrence
 * carries on where it stopped.
 */
export const RETENTION_QUEUE: QueueDefinition = {
  name: RETENTION_JOB,
  retryLimit: 0,
  expireInSeconds: RETENTION_PASS_EXPIRY_SECONDS,
  policy: 'exclusive',
};

/**
 * Works retention passes on this instance and keeps the shared schedule as configured (a cron expression,
 * or undefined: no scheduled passes for the whole deployment).
 */
export async function startRetentionJob(
  jobs: JobQueue,
  retention: Retention,
  options: { schedule: string | undefined; log: Logger },
) {
  await jobs.work(RETENTION_JOB, (_data, job) => runPassOrLog(retention, job.signal, options.log), {
    pollingIntervalSeconds: 5,
  });
  if (options.schedule) await jobs.schedule(RETENTION_JOB, options.schedule);
  else await jobs.unschedule(RETENTION_JOB);
}

/** A pass that fails is logged (the next occurrence tries again) and fails its job. */
async function runPassOrLog(retention: Retention, signal: AbortSignal, log: Logger) {
  try {
    await retention.runPass({ signal });
  } catch (error) {
    log.error({ err: error }, 'retention pass failed');
    throw error;
  }
}
