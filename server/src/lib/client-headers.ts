import { timingSafeEqual } from 'node:crypto';
import { CLIENT_HEADER_NAMES, needsClientHeaders, type ClientHeaderValues } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.js';

const same = (given: unknown, expected: string) =>
  typeof given === 'string' &&
  given.length === expected.length &&
  timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/**
 * Every API call carries the spec's API key and service id (§7); a call without them, or with others, is
 * answered 401 before any route runs (docs/decisions/0080). They name the application, not a person: they
 * keep other programs from passing as the portal by accident, and tell the operator's logs who called.
 */
export function requireClientHeaders(app: FastifyInstance, expected: ClientHeaderValues): void {
  app.addHook('onRequest', async (request) => {
    // The matched route (decoded), so that '/%6Frp/bfe/...' is checked like '/orp/bfe/...'.
    const path = request.routeOptions.url ?? request.url;
    if (request.method === 'OPTIONS' || !needsClientHeaders(path)) return;
    const headers = request.headers;
    if (
      !same(headers[CLIENT_HEADER_NAMES.apiKey], expected.apiKey) ||
      !same(headers[CLIENT_HEADER_NAMES.serviceId], expected.serviceId)
    ) {
      throw new AppError('UNAUTHORIZED', {
        log: 'Unknown client: the API key or service id is missing or wrong.',
      });
    }
  });
}
