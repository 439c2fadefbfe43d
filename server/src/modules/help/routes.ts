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
import { visitorOf } from '../../lib/visitor.js';
import { normaliseLanguage, type HelpService } from './service.js';

export const helpRoutes: FastifyPluginAsyncZod<{ help: HelpService }> = async (app, { help }) => {
  app.get(
    PATHS.faqs,
    {
      schema: {
        tags: ['help'],
        summary: 'FAQ items of a language with their helpful percentage (lang query or header)',
        querystring: faqsQuery,
        response: { 200: faqsResponse, 400: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { opco, lang, ...filter } = request.query;
      const header = request.headers['lang'];
      const language = normaliseLanguage(lang ?? (typeof header === 'string' ? header : undefined));
      // Percentages change with every vote: revalidate, never serve a stale count from a shared cache.
      reply.header('cache-control', 'no-cache');
      return ok(await help.list(opco.toUpperCase(), language, filter));
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
