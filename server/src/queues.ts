import type { QueueDefinition } from './lib/jobs.js';
import { PAYMENT_QUEUES } from './modules/payments/jobs.js';
import { RETENTION_QUEUE } from './modules/retention/job.js';

/** Every job queue of the portal with its retry policy; each module defines its own, beside its work. */
export const QUEUES: QueueDefinition[] = [...PAYMENT_QUEUES, RETENTION_QUEUE];
