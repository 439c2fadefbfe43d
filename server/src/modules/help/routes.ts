import {
  errorEnvelope,
  faqsQuery,
  faqsResponse,
  feedbackRequest,
  feedbackResponse,
  likeCountQuery,
  likeCountResponse,
  ok,
  PATHS,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { compiledSerializerCompiler, compileSerializer } from '../../lib/compiled-serializer.js';
import { CACHE, createBodyMemo, FROM_MEMORY, sendCached } from '../../lib/http-cache.js';
import { visitorOf } from '../../lib/visitor.js';
import { normaliseLanguage, type HelpService } from './service.js';

export const helpRoutes: FastifyPluginAsyncZod<{ help: HelpService }> = async (app, { help }) => {
  const memo = createBodyMemo(help.version);
  const faqsJson = compileSerializer(faqsResponse);

  app.get(
    PATHS.faqs,
    {
      schema: {
        tags: ['help'],
        summary: 'FAQ items of a language with their helpful percentage (lang query or header)',
        querystring: faqsQuery,
        response: { 200: faqsResponse, 400: errorEnvelope },
      },
      serializerCompiler: compiledSerializerCompiler,
      ...FROM_MEMORY,
    },
    async (request, reply) => {
      const { opco, lang, ...filter } = request.query;
      const header = request.headers['lang'];
      const language = normaliseLanguage(lang ?? (typeof header === 'string' ? header : undefined));
      const market = opco.toUpperCase();
      const key = [market, language, filter.parentCategory, filter.category, filter.questionId].join(
        '\u0000',
      );
      const cached = memo(key, () => faqsJson(ok(help.items(market, language, filter))));
      // Percentages change with every vote: revalidate (a 304 while they have not), never serve stale counts.
      return sendCached(request, reply, cached, CACHE.revalidate);
    },
  );

  app.get(
    PATHS.likeCount,
    {
      schema: {
        tags: ['help'],
        summary: "One 'was this helpful' vote; returns the new countLikePercentage",
        querystring: likeCountQuery,
        response: { 200: likeCountResponse, 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { opco, questionId, isLike } = request.query;
      reply.header('cache-control', 'no-store');
      const visitor = visitorOf(request, reply);
      return ok(await help.vote(opco.toUpperCase(), questionId, visitor, isLike === 'true'));
    },
  );

  app.post(
    PATHS.feedback,
    {
      schema: {
        tags: ['help'],
        summary: "'Our Service Experience' feedback",
        body: feedbackRequest,
        response: { 200: feedbackResponse, 400: errorEnvelope },
      },
    },
    async (request) => ok(await help.feedback({ ...request.body, opco: request.body.opco.toUpperCase() })),
  );
};
