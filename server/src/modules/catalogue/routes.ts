import {
  bundlesRequest,
  bundlesResponse,
  errorEnvelope,
  ok,
  PATHS,
  productConfigResponse,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { compiledSerializerCompiler, compileSerializer } from '../../lib/compiled-serializer.js';
import { languageOf } from '../../lib/app-error.js';
import { createBodyMemo, sendKeptBody } from '../../lib/http-cache.js';
import type { CatalogueService } from './service.js';

export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (
  app,
  { catalogue },
) => {
  // The catalogue is read once per start; the settings that change an offer (postpaid bundles) are in its key,
  // and so is the language of the answer (one of the few the catalogue holds: any other is answered in English).
  const memo = createBodyMemo(() => 0, 64);
  const listJson = compileSerializer(bundlesResponse);

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
    async (request, reply) => {
      const offer = await catalogue.offerFor(request.body);
      // The bundles' names and descriptions in the request's language (the web sends its page's).
      const language = await catalogue.answerLanguage(languageOf(request));
      const key = `${offer.serviceType}\u0000${offer.lineTypes.join(',')}\u0000${language}`;
      const list = await catalogue.offered(offer, language);
      // Not cacheable by the client (the answer follows from a number's line): no-store, by default, so no
      // cache needs telling that it varies by Accept-Language. Should it ever be cached, it must say so (Vary).
      return sendKeptBody(
        request,
        reply,
        memo(key, () => listJson(ok(list))),
      );
    },
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
