import type { ClientHeaderValues } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { clientHeadersCheck } from '../lib/client-headers.js';
import { securityHeadersOf, type SecurityHeaders } from './security-headers.js';

/**
 * The first onRequest hook of every request: the security headers, then the spec's client headers. One hook
 * for both, which reads the matched route once (Fastify builds `routeOptions` anew at each read): a hook and a
 * route lookup less on every answer (issue 14).
 *
 * It comes first among the onRequest hooks: one that refuses a request (the client headers here, the rate
 * limit after it) skips the hooks after it, and its answer must carry the security headers too.
 */
export function registerEdge(
  app: FastifyInstance,
  options: { securityHeaders: SecurityHeaders; clientHeaders: ClientHeaderValues },
) {
  const setSecurityHeaders = securityHeadersOf(options.securityHeaders);
  const refusal = clientHeadersCheck(options.clientHeaders);
  // A callback hook, not an async one: it runs on every answer, and a promise per request shows in a profile.
  app.addHook('onRequest', (request, reply, done) => {
    const route = request.routeOptions.url;
    setSecurityHeaders(request, reply, route);
    done(refusal(request, route));
  });
}
