import type { FastifyInstance } from 'fastify';
import { PATHS } from '@portal/contract';
import type { Database } from '../db/connection.js';

/** A ping that has not answered for this long means the database is not usable. */
const STUCK_MS = 10_000;

/**
 * The probes' route options: the rate limit never counts them (http/rate-limit.ts), and their answers are far
 * below the compression threshold, so neither plugin's hook is put on them at all (an async hook and two
 * callbacks less on a request a load balancer sends every few seconds per instance).
 */
const PROBE = { schema: { hide: true }, config: { rateLimit: false }, compress: false } as const;

/**
 * Liveness and readiness that answer at once at any load: readiness is the result of a background ping
 * (every `intervalMs`), so a probe never queues behind the database pool or the embedded database's queue
 * under load. A ping slowed by load keeps the last answer; one stuck for 10 s, or failing, means not ready.
 */
export async function registerHealth(app: FastifyInstance, db: Database, intervalMs = 1000) {
  let ready = false;
  let pingSince: number | undefined;

  async function check() {
    if (pingSince !== undefined) {
      if (Date.now() - pingSince > STUCK_MS) ready = false;
      return;
    }
    pingSince = Date.now();
    try {
      await db.ping();
      ready = true;
    } catch {
      ready = false;
    } finally {
      pingSince = undefined;
    }
  }

  await check();
  const timer = setInterval(() => void check(), intervalMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.get(PATHS.healthz, PROBE, async () => ({ status: 'ok' }));
  app.get(PATHS.readyz, PROBE, async (_request, reply) =>
    ready ? { status: 'ready', database: db.kind } : reply.status(503).send({ status: 'unavailable' }),
  );
}
