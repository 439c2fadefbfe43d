import {
  bundlesRequest,
  bundlesResponse,
  errorEnvelope,
  ok,
  PATHS,
  productConfigResponse,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { compiledSerializerCompiler } from '../../lib/compiled-serializer.js';
import type { CatalogueService } from './service.js';

export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (
  app,
  { catalogue },
) => {
  app.post(
    PATHS.bundles,
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Bundles a number (or a kind of line) can buy',
        body: bundlesRequest,
        response: { 200: bundlesResponse, 400: errorEnvelope },
      },
      serializerCompiler: compiledSerializerCompiler,
    },
    async (request) => ok(await catalogue.bundles(request.body)),
  );

  app.get(
    PATHS.productConfig,
    {
      schema: {
        tags: ['catalogue'],
        summary: 'What the catalogue offers: categories, period types, line and service types',
        response: { 200: productConfigResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return ok(await catalogue.productConfig());
    },
  );
};
