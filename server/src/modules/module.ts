import type { FastifyInstance } from 'fastify';
import type { Metric } from 'prom-client';

/**
 * What a server module gives the app, which registers them from one list (app.ts): its routes, the start of
 * its background work on an instance that runs jobs (its queues and their policies are listed in queues.ts,
 * for the queue's own start in main.ts), and its metrics. Its start-up step (seeding or loading its data) is
 * done by the module's `create…Module`, before the app takes requests.
 */
export type ServerModule = {
  name: string;
  routes: (app: FastifyInstance) => Promise<void>;
  startJobs?: () => Promise<StartedJobs>;
  metrics?: Metric[];
};

/** Background work started: what to do once the app is ready, and how to stop. */
export type StartedJobs = { ready?: () => void; stop?: () => Promise<void> };
