import type { QueueDefinition } from './lib/jobs.js';
import { JOBS } from './modules/payments/context.js';
import { RETENTION_QUEUE } from './modules/retention/job.js';

/**
 * Every job queue of the portal with its retry policy. The work a payer waits on wakes its workers at once
 * (`wake`), and fulfilment runs on two workers: a paid payment's value is given within a second of the
 * payment (decision 0061).
 */
export const QUEUES: QueueDefinition[] = [
  // A provider that cannot answer is asked again with back-off (2, 4, 8... s); reconciliation goes on later.
  {
    name: JOBS.settle,
    retryLimit: 6,
    retryDelaySeconds: 2,
    retryDelayMaxSeconds: 60,
    wake: true,
  },
  // Fulfilment works to a deadline 15 s after payment, then refunds (one upstream time-out): the expiry is
  // well beyond that work, so the queue never hands a running fulfilment to a second worker.
  { name: JOBS.fulfil, retryLimit: 5, retryDelaySeconds: 1, expireInSeconds: 90, wake: true, workers: 2 },
  {
    name: JOBS.refund,
    retryLimit: 20,
    retryDelaySeconds: 1,
    retryDelayMaxSeconds: 30,
    expireInSeconds: 60,
    wake: true,
  },
  // Until the core answers; reconciliation queues it again should the retries run out.
  { name: JOBS.reverse, retryLimit: 50, retryDelaySeconds: 5, retryDelayMaxSeconds: 60, expireInSeconds: 60 },
  { name: JOBS.checkAttempts, retryLimit: 5, retryDelaySeconds: 5 },
  // The SMS that tells the outcome is not in the payer's path: found by the 1 s poll, up to 8 at a fetch,
  // instead of one fetch per payment.
  { name: JOBS.notify, retryLimit: 5, retryDelaySeconds: 5 },
  { name: JOBS.reconcile, retryLimit: 0, expireInSeconds: 120 },
  RETENTION_QUEUE,
];
