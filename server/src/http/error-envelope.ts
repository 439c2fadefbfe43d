import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS, type ErrorName, type FieldProblem } from '@portal/contract';
import { errorNameOfText, errorText } from '@portal/contract/error-texts';
import { isAppError, languageOf } from '../lib/app-error.js';
import { UpstreamError } from '../upstream/http.js';

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
  fields?: FieldProblem[],
) {
  return reply
    .status(status)
    .send({ statusCode: code, status: 'failure', message, result, ...(fields ? { fields } : {}) });
}

/** A request with every field wrong would list them all; a client needs the first few to mend it. */
const MAX_FIELDS = 10;

/**
 * The fields a schema refused, from the validation's issues: where and the schema's reason (the contract's
 * texts and zod's, which say what was expected, never what was sent), each once.
 */
function fieldProblems(issues: readonly { instancePath?: string; message?: string }[]): FieldProblem[] {
  const problems = new Map<string, FieldProblem>();
  for (const issue of issues) {
    const path = issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') || '(root)';
    const reason = issue.message || 'invalid';
    problems.set(`${path}\u0000${reason}`, { path, reason });
    if (problems.size === MAX_FIELDS) break;
  }
  return [...problems.values()];
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

/** Fastify's own refusals by status, in the catalogue's words; any other is a bad request. */
const FRAMEWORK_REFUSALS: Partial<Record<number, ErrorName>> = {
  404: 'NOT_FOUND',
  413: 'TOO_LARGE',
  429: 'RATE_LIMITED',
};

/**
 * Every error a route or hook throws, and Fastify's own refusals, answered in the envelope; `notFound` answers
 * an address no route takes.
 */
export function registerErrorEnvelope(
  app: FastifyInstance,
  notFound: (request: FastifyRequest, reply: FastifyReply) => unknown = sendNotFound,
) {
  app.setErrorHandler((error, request, reply) => {
    const language = languageOf(request);
    if (isAppError(error)) {
      if (error.httpStatus >= 500) request.log.error({ err: error, details: error.details }, error.message);
      else request.log.debug({ code: error.code, details: error.details }, error.message);
      return sendFailure(reply, error.httpStatus, error.code, error.userMessage(language), error.result);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const fields = fieldProblems(error.validation);
      request.log.debug({ fields }, first?.message ?? 'invalid request');
      const name = errorNameOfText(first?.message) ?? 'BAD_REQUEST';
      return sendFailure(reply, 400, ERRORS[name].code, errorText(name, language), null, fields);
    }
    // A system behind the portal (the core, the SMS centre) failed or did not answer: not the portal's fault,
    // and worth asking again in a moment (503), which a 500 does not say.
    if (error instanceof UpstreamError) {
      request.log.error({ err: error, service: error.service, kind: error.kind }, 'upstream call failed');
      const { http, code } = ERRORS.UPSTREAM_UNAVAILABLE;
      return sendFailure(reply, http, code, errorText('UPSTREAM_UNAVAILABLE', language));
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return sendFailure(reply, 500, ERRORS.INTERNAL.code, errorText('INTERNAL', language));
    }
    // Fastify's own refusals (body too large, bad JSON, too many requests): the catalogue's words.
    request.log.debug({ status }, (error as Error).message);
    const name = FRAMEWORK_REFUSALS[status] ?? 'BAD_REQUEST';
    return sendFailure(reply, status, String(status), errorText(name, language));
  });
  app.setNotFoundHandler(notFound);
}
