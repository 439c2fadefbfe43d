import type { FastifyInstance } from 'fastify';
import { sandboxPlugin, migrateSandbox } from '@portal/sandbox';
import type { Config } from './config.js';
import type { Database } from './db/connection.js';
import { sendNotFound } from './http/error-envelope.js';
import { isLoopback } from './lib/metrics.js';

const MOUNTED_GATEWAY_PATH = '/sandbox/paystack';

/**
 * Where the mounted card gateway's hosted checkout is: on the site the portal is told to reach the gateway at
 * (`CARD_GATEWAY_URL`), as Paystack's checkout is on Paystack's site. By default that is this portal; naming
 * another host for the same server (http://localhost:… beside 127.0.0.1) gives the payer's browser a gateway
 * on a second origin, as in production, where the portal's CSP must let a plain form leave for it.
 */
export function gatewaySite(config: Pick<Config, 'upstream' | 'publicBaseUrl'>): string {
  const gateway = config.upstream.card;
  return gateway.endsWith(MOUNTED_GATEWAY_PATH)
    ? gateway.slice(0, -MOUNTED_GATEWAY_PATH.length)
    : config.publicBaseUrl();
}

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
        ownBaseUrl: () => gatewaySite(options.config),
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
