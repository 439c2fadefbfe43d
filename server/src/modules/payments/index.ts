import type { Orm } from '../../db/connection.js';
import { createProviderFailureCounter } from '../../lib/metrics.js';
import type { ServerModule } from '../module.js';
import { startPaymentJobs } from './jobs.js';
import { paymentRoutes } from './routes.js';
import { createPaymentService, type PaymentDeps } from './service.js';
import { createPaymentStore } from './store.js';

/**
 * Payments: options, initiate, charge, settle, fulfil or refund, reconcile, notify, status. Its jobs (queues in
 * jobs.ts) run on instances that run jobs, with the payment watch; failed provider calls are counted by kind.
 */
export function createPaymentsModule(deps: Omit<PaymentDeps, 'store' | 'onProviderFailure'> & { orm: Orm }) {
  const { orm, ...rest } = deps;
  const providerFailures = createProviderFailureCounter();
  const payments = createPaymentService({
    ...rest,
    store: createPaymentStore(orm),
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
