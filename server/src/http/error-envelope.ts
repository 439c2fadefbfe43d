import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS } from '@portal/contract';
import { errorNameOfText, errorText } from '@portal/contract/error-texts';
import { isAppError, languageOf } from '../lib/app-error.js';

/**
 * The one error envelope of every failed answer: `{statusCode, status: 'failure', message, result}`, with the
 * catalogue's code and HTTP status and the user message in the request's language; what the log needs (the
 * details, the cause) stays in the log.
 */
export function sendFailure(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  result: unknown = null,
) {
  return reply.status(status).send({ statusCode: code, status: 'failure', message, result });
}

/** An address no route answers (and pages a market does not have). */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return sendFailure(reply, 404, ERRORS.NOT_FOUND.code, errorText('NOT_FOUND', languageOf(request)));
}

/** A request Fastify refused before any hook ran (`frameworkErrors`: a URL that does not decode). */
export function sendFrameworkFailure(request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
  return sendFailure(reply, 400, ERRORS.BAD_REQUEST.code, errorText('BAD_REQUEST', languageOf(request)));
}

/** Every error a route or hook throws, and Fastify's own refusals, answered in the envelope. */
export function registerErrorEnvelope(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    const language = languageOf(request);
    if (isAppError(error)) {
      if (error.httpStatus >= 500) request.log.error({ err: error, details: error.details }, error.message);
      else request.log.debug({ code: error.code, details: error.details }, error.message);
      return sendFailure(reply, error.httpStatus, error.code, error.userMessage(language), error.result);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field =
        first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') ||
        first?.params?.['issue']?.toString() ||
        '';
      request.log.debug({ field }, first?.message ?? 'invalid request');
      const name = errorNameOfText(first?.message) ?? 'BAD_REQUEST';
      return sendFailure(reply, 400, ERRORS[name].code, errorText(name, language));
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return sendFailure(reply, 500, ERRORS.INTERNAL.code, errorText('INTERNAL', language));
    }
    // Fastify's own refusals (body too large, bad JSON, too many requests): the catalogue's words.
    request.log.debug({ status }, (error as Error).message);
    const name = status === 429 ? 'RATE_LIMITED' : status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST';
    return sendFailure(reply, status, String(status), errorText(name, language));
  });
  app.setNotFoundHandler(sendNotFound);
}
