import type { FastifyInstance } from 'fastify';

/**
 * Private by default (docs/decisions/0065): an answer that does not say how it may be cached is never stored
 * by a browser or a shared cache (`no-store`). The answers with personal data (a bill, invoices, a number
 * check, a line type, a lead's tracking, a balance, a payment's status) say nothing, so they are covered
 * without each route remembering it; the answers that may be cached (content, catalogue, maps, built files,
 * pages) set their own Cache-Control.
 */
export function registerPrivateByDefault(app: FastifyInstance) {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
