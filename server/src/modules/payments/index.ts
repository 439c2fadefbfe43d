import type { ChangeFeed } from '../../db/change-feed.js';
import type { Orm } from '../../db/connection.js';
import { createProviderFailureCounter } from '../../lib/metrics.js';
import type { ServerModule } from '../module.js';
import { startPaymentJobs } from './jobs.js';
import { paymentRoutes } from './routes.js';
import { createPaymentService, type PaymentDeps } from './service.js';
import { loggingMoves } from './move-log.js';
import { createStatusCache, forgettingWrites } from './status-cache.js';
import { createPaymentStore } from './store.js';

/**
 * Payments: options, initiate, charge, settle, fulfil or refund, reconcile, notify, status. Its jobs (queues in
 * jobs.ts) run on instances that run jobs, with the payment watch; failed provider calls are counted by kind.
 * Status calls read through a cache in memory that follows the database's change feed (status-cache.ts); every
 * move of a payment is a line in the log (move-log.ts).
 */
export async function createPaymentsModule(
  deps: Omit<PaymentDeps, 'store' | 'onProviderFailure' | 'statusRead'> & { orm: Orm; changes: ChangeFeed },
) {
  const { orm, changes, ...rest } = deps;
  const providerFailures = createProviderFailureCounter();
  const store = createPaymentStore(orm);
  const statusCache = createStatusCache(store.find);
  await statusCache.follow(changes);
  const payments = createPaymentService({
    ...rest,
    store: loggingMoves(forgettingWrites(store, statusCache.forget), deps.log),
    statusRead: statusCache.find,
    onProviderFailure: (failure) =>
      providerFailures.inc({ provider: failure.provider, operation: failure.operation, kind: failure.kind }),
  });
  const module: ServerModule = {
    name: 'payments',
    routes: async (app) => {
      await app.register(paymentRoutes, { payments });
    },
    startJobs: async () => {
      const started = await startPaymentJobs(deps.jobs, payments, {
        reconcileIntervalSeconds: deps.reconcileIntervalSeconds,
        log: deps.log,
      });
      return { ready: () => void started.askForReconciliation(), stop: started.stop };
    },
    metrics: [providerFailures],
  };
  return { module, payments };
}
