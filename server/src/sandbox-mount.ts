import type { FastifyInstance } from 'fastify';
import { sandboxPlugin, migrateSandbox } from '@portal/sandbox';
import type { Config } from './config.js';
import type { Database } from './db/connection.js';
import { sendNotFound } from './http/error-envelope.js';
import { isLoopback } from './lib/metrics.js';

/**
 * Sandbox mode only: the simulators of design.md §4, mounted under /sandbox on the same server and
 * database (schema `sandbox`). Nothing else in the server imports the sandbox.
 */
export async function mountSandbox(
  app: FastifyInstance,
  options: {
    db: Database;
    config: Config;
    onConfigPatch: (patch: Record<string, unknown>) => Promise<Record<string, unknown>>;
    onReset: () => Promise<void>;
  },
) {
  await migrateSandbox(options.db.sql);
  // The portal the simulators notify: this one, unless the sandbox serves a portal in another process.
  const portalUrl = options.config.sandboxPortalUrl;
  await app.register(
    async (scope) => {
      // Its code inbox and its knobs are for this machine: a client elsewhere (through a proxy, by
      // X-Forwarded-For under TRUST_PROXY) is answered as if there were no sandbox, unless it is public.
      scope.addHook('onRequest', async (request, reply) => {
        if (!options.config.sandboxPublic && !isLoopback(request.ip)) return sendNotFound(request, reply);
      });
      // The simulated provider pages are their own small sites: inline form handling, framed by the popup.
      scope.addHook('onSend', async (_request, reply) => {
        reply.header(
          'content-security-policy',
          "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; form-action 'self' http: https:; frame-ancestors 'self'",
        );
        reply.removeHeader('x-frame-options');
      });
      await scope.register(sandboxPlugin, {
        db: options.db.sql,
        portalBaseUrl: portalUrl ? () => portalUrl : options.config.publicBaseUrl,
        ownBaseUrl: options.config.publicBaseUrl,
        cardSecretKey: options.config.secrets.cardSecretKey,
        dpoCompanyToken: options.config.secrets.dpoCompanyToken,
        walletCallbackSecret: options.config.secrets.walletCallbackSecret,
        onConfigPatch: options.onConfigPatch,
        onReset: options.onReset,
      });
    },
    { prefix: '/sandbox' },
  );
}
