import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Logger } from '../../lib/logger.js';
import type { ServerModule } from '../module.js';
import { createPageCache } from './page-cache.js';
import { pageRoutes } from './routes.js';
import { keepingSharedReads } from './shared-reads.js';
import { createPages, MissingBuildError } from './service.js';

/**
 * The web app, rendered on the server, when this instance serves it and it has been built (else the API runs
 * alone, and says so). Registered last: its routes catch every path the API does not answer.
 */
export function createPagesModule(deps: {
  config: Config;
  log: Logger;
  notFound: (request: FastifyRequest, reply: FastifyReply) => unknown;
  api: typeof fetch;
  /** The state of what pages show (content, configuration, FAQs): a kept page is good for one state. */
  dataVersion: () => string;
}): ServerModule {
  const { config } = deps;
  const cache = createPageCache({ version: deps.dataVersion, maxAgeMs: config.pageCacheSeconds * 1000 });
  return {
    name: 'pages',
    metrics: [cache.metrics],
    routes: async (app) => {
      if (!config.serveWeb) return;
      try {
        const pages = await createPages({
          webDistDir: config.webDistDir,
          webRenderDir: config.webRenderDir,
          market: config.market,
          publicBaseUrl: config.publicBaseUrl,
          api: keepingSharedReads(deps.api, deps.dataVersion),
          secret: config.secrets.tokenSigningKey,
          client: config.clientHeaders,
        });
        await app.register(pageRoutes, {
          pages,
          webDistDir: config.webDistDir,
          publicBaseUrl: config.publicBaseUrl,
          notFound: deps.notFound,
          cache,
        });
      } catch (error) {
        if (!(error instanceof MissingBuildError)) throw error;
        deps.log.warn(error.message);
      }
    },
  };
}
