import {
  activePackageQuery,
  activePackageResponse,
  configQuery,
  configResponse,
  errorEnvelope,
  ok,
  PATHS,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { compiledSerializerCompiler, compileSerializer } from '../../lib/compiled-serializer.js';
import { CACHE, createBodyMemo, FROM_MEMORY, sendCached } from '../../lib/http-cache.js';
import { DEFAULT_LANGUAGE, type ContentService } from './service.js';

/** Pages named *translation are the web app's text catalogues. */
const isTranslation = (pageUrl: string) => /translation$/i.test(pageUrl);

/**
 * Content and configuration from the service's memory, each answer serialised once per content version and
 * sent with its ETag (a 304 for a client that holds it).
 */
export const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService; market: string }> = async (
  app,
  { content, market },
) => {
  const memo = createBodyMemo(content.version);
  const pageJson = compileSerializer(activePackageResponse);
  const configJson = compileSerializer(configResponse);

  app.get(
    PATHS.activePackage,
    {
      schema: {
        tags: ['content'],
        summary: 'A content page as JSON text in packageHtml, per language',
        querystring: activePackageQuery,
        response: { 200: activePackageResponse, 404: errorEnvelope },
      },
      serializerCompiler: compiledSerializerCompiler,
      ...FROM_MEMORY,
    },
    async (request, reply) => {
      const { opco, pageUrl, lang } = request.query;
      const language = (lang ?? String(request.headers['lang'] ?? DEFAULT_LANGUAGE))
        .toLowerCase()
        .slice(0, 5);
      const page = await content.getPage(opco.toUpperCase(), pageUrl, language);
      const cached = memo(`page\u0000${opco.toUpperCase()}\u0000${pageUrl}\u0000${language}`, () =>
        pageJson(ok(page)),
      );
      return sendCached(request, reply, cached, isTranslation(pageUrl) ? CACHE.translations : CACHE.content);
    },
  );

  app.get(
    PATHS.config,
    {
      schema: {
        tags: ['content'],
        summary: 'Market configuration (configData)',
        querystring: configQuery,
        response: { 200: configResponse, 404: errorEnvelope },
      },
      serializerCompiler: compiledSerializerCompiler,
      ...FROM_MEMORY,
    },
    async (request, reply) => {
      const code = (request.query.code ?? market).toUpperCase();
      const configData = await content.getConfig(code);
      const cached = memo(`config\u0000${code}`, () => configJson(ok({ configData })));
      return sendCached(request, reply, cached, CACHE.revalidate);
    },
  );
};
