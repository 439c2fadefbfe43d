import type { QueueDefinition } from './lib/jobs.js';
import { JOBS } from './modules/payments/service.js';

/** Every job queue of the portal with its retry policy. */
export const QUEUES: QueueDefinition[] = [
  { name: JOBS.settle, retryLimit: 5, retryDelaySeconds: 2 },
  // Fulfilment retries inside one run and refunds on failure; a crashed run is picked up after expiry.
  { name: JOBS.fulfil, retryLimit: 5, retryDelaySeconds: 1, expireInSeconds: 20 },
  { name: JOBS.refund, retryLimit: 20, retryDelaySeconds: 2, expireInSeconds: 30 },
  { name: JOBS.notify, retryLimit: 5, retryDelaySeconds: 5 },
  { name: JOBS.reconcile, retryLimit: 0, expireInSeconds: 120 },
];
