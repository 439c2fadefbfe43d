import { z } from 'zod';
import type { JobQueue, QueueDefinition } from '../../lib/jobs.js';
import type { Logger } from '../../lib/logger.js';
import { JOBS } from './context.js';
import type { PaymentService } from './service.js';

const onePayment = z.object({ transactionId: z.string().min(1) });
const settling = onePayment.extend({ source: z.string().optional() });

type Work = (payments: PaymentService, data: unknown) => Promise<void>;

/**
 * Each job of the payments module in one place: its queue's retry policy, the payload it carries (checked
 * before the work starts: a job written by an older or broken sender fails loudly instead of half-running)
 * and the work. The work a payer waits on wakes its workers at once (`wake`). A payment is usually fulfilled
 * by the instance that saw it paid (`fulfil-at-once.ts`); the fulfil queue takes what that instance could
 * not (an instance without jobs, a burst past its limit, the payment watch's take-overs) on two workers
 * (decision 0061).
 */
const PAYMENT_JOBS: (QueueDefinition & { work: Work; pollingIntervalSeconds?: number })[] = [
  // A provider that cannot answer is asked again with back-off (2, 4, 8... s); reconciliation goes on later.
  {
    name: JOBS.settle,
    retryLimit: 6,
    retryDelaySeconds: 2,
    retryDelayMaxSeconds: 60,
    wake: true,
    work: async (payments, data) => {
      const { transactionId, source } = settling.parse(data);
      await payments.settle(transactionId, source ?? 'job');
    },
  },
  // Fulfilment works to a deadline 15 s after payment, then refunds (one upstream time-out): the expiry is
  // well beyond that work, so the queue never hands a running fulfilment to a second worker.
  {
    name: JOBS.fulfil,
    retryLimit: 5,
    retryDelaySeconds: 1,
    expireInSeconds: 90,
    wake: true,
    workers: 2,
    work: (payments, data) => payments.fulfil(onePayment.parse(data).transactionId),
  },
  // Sent by the payment watch; a failed call is tried again by the watch, when the refund's hold runs out.
  {
    name: JOBS.refund,
    retryLimit: 0,
    expireInSeconds: 60,
    wake: true,
    work: (payments, data) => payments.refund(onePayment.parse(data).transactionId),
  },
  // Until the core answers; reconciliation queues it again should the retries run out.
  {
    name: JOBS.reverse,
    retryLimit: 50,
    retryDelaySeconds: 5,
    retryDelayMaxSeconds: 60,
    expireInSeconds: 60,
    work: (payments, data) => payments.reverse(onePayment.parse(data).transactionId),
  },
  {
    name: JOBS.checkAttempts,
    retryLimit: 5,
    retryDelaySeconds: 5,
    work: (payments, data) => payments.checkAttempts(onePayment.parse(data).transactionId),
  },
  // The SMS that tells the outcome is not in the payer's path: found by the 1 s poll, up to 8 at a fetch,
  // instead of one fetch per payment.
  {
    name: JOBS.notify,
    retryLimit: 5,
    retryDelaySeconds: 5,
    work: (payments, data) => payments.notify(onePayment.parse(data).transactionId),
  },
  {
    name: JOBS.reconcile,
    retryLimit: 0,
    expireInSeconds: 120,
    pollingIntervalSeconds: 5,
    work: (payments) => payments.reconcile(),
  },
];

/** The payment queues and their policies, for the job queue's start (main.ts, through queues.ts). */
export const PAYMENT_QUEUES: QueueDefinition[] = PAYMENT_JOBS.map(
  ({ work: _work, pollingIntervalSeconds: _polling, ...queue }) => queue,
);

/**
 * Works the payment jobs on this instance, fulfils the payments it sees paid at once, watches for payments
 * left behind (every second), and asks for a reconciliation every `reconcileIntervalSeconds`: every instance
 * asks, and the singleton key lets one run per interval. Returns the stop of all of them.
 */
export async function startPaymentJobs(
  jobs: JobQueue,
  payments: PaymentService,
  options: { reconcileIntervalSeconds: number; log: Logger },
): Promise<{ askForReconciliation: () => Promise<void>; stop: () => Promise<void> }> {
  for (const job of PAYMENT_JOBS) {
    await jobs.work<object>(job.name, (data) => job.work(payments, data), {
      ...(job.pollingIntervalSeconds ? { pollingIntervalSeconds: job.pollingIntervalSeconds } : {}),
    });
  }
  const interval = options.reconcileIntervalSeconds;
  const askForReconciliation = () =>
    jobs
      .send(JOBS.reconcile, {}, { singletonKey: `reconcile:${Math.floor(Date.now() / 1000 / interval)}` })
      .catch((error: unknown) => options.log.warn({ err: error }, 'could not schedule reconciliation'));
  const timer = setInterval(() => void askForReconciliation(), interval * 1000);
  timer.unref();
  const watch = payments.watch();
  const atOnce = payments.fulfilPaidHere();
  return {
    askForReconciliation,
    stop: async () => {
      clearInterval(timer);
      await Promise.all([watch.stop(), atOnce.stop()]);
    },
  };
}
