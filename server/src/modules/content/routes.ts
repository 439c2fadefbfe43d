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
import { DEFAULT_LANGUAGE, type ContentService } from './service.js';

export const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService; market: string }> = async (
  app,
  { content, market },
) => {
  app.get(
    PATHS.activePackage,
    {
      schema: {
        tags: ['content'],
        summary: 'A content page as JSON text in packageHtml, per language',
        querystring: activePackageQuery,
        response: { 200: activePackageResponse, 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { opco, pageUrl, lang } = request.query;
      const language = (lang ?? String(request.headers['lang'] ?? DEFAULT_LANGUAGE))
        .toLowerCase()
        .slice(0, 5);
      const page = await content.getPage(opco.toUpperCase(), pageUrl, language);
      // Content changes rarely; a short shared cache saves every visitor the round trip.
      reply.header('cache-control', 'public, max-age=60');
      return ok(page);
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
    },
    async (request) =>
      ok({ configData: await content.getConfig((request.query.code ?? market).toUpperCase()) }),
  );
};
