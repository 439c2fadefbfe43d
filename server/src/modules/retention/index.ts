import type { Config } from '../../config.js';
import type { Orm } from '../../db/connection.js';
import type { JobQueue } from '../../lib/jobs.js';
import type { Logger } from '../../lib/logger.js';
import { createRetentionMetrics } from '../../lib/metrics.js';
import type { ServerModule } from '../module.js';
import { startRetentionJob } from './job.js';
import { createRetention } from './service.js';
import { createRetentionStore } from './store.js';

/**
 * Retention of personal data (decision 0066): passes on a schedule shared by every instance, each deleting or
 * anonymising what has outlived its period. No routes.
 */
export function createRetentionModule(deps: {
  orm: Orm;
  jobs: JobQueue;
  log: Logger;
  settings: Config['retention'];
}) {
  const metrics = createRetentionMetrics();
  const retention = createRetention({
    store: createRetentionStore(deps.orm),
    periods: deps.settings.periods,
    batchSize: deps.settings.batchSize,
    log: deps.log,
    onPass: metrics.record,
  });
  const module: ServerModule = {
    name: 'retention',
    routes: async () => undefined,
    startJobs: async () => {
      await startRetentionJob(deps.jobs, retention, { schedule: deps.settings.schedule, log: deps.log });
      return {};
    },
    metrics: metrics.collectors,
  };
  return { module };
}
