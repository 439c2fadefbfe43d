import { CLIENT_HEADER_NAMES, needsClientHeaders, type ClientHeaderValues } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';
import { perRoutePattern } from './per-route.js';

/**
 * Every API call carries the spec's API key and service id (§7); a call without them, or with others, is
 * answered 401 before any route runs (docs/decisions/0080). They name the application, not a person: they
 * keep other programs from passing as the portal by accident, and tell the operator's logs who called.
 */
export function clientHeadersCheck(expected: ClientHeaderValues) {
  const routeNeedsThem = perRoutePattern(needsClientHeaders);
  return (request: FastifyRequest, route: string | undefined): AppError | undefined => {
    // The matched route (decoded), so that '/%6Frp/bfe/...' is checked like '/orp/bfe/...'.
    const needs = route === undefined ? needsClientHeaders(request.url) : routeNeedsThem(route);
    if (request.method === 'OPTIONS' || !needs) return undefined;
    const headers = request.headers;
    // A plain comparison: the values are not secrets (every page carries them), so timing says nothing.
    if (
      headers[CLIENT_HEADER_NAMES.apiKey] === expected.apiKey &&
      headers[CLIENT_HEADER_NAMES.serviceId] === expected.serviceId
    ) {
      return undefined;
    }
    return new AppError('UNAUTHORIZED', {
      log: 'Unknown client: the API key or service id is missing or wrong.',
    });
  };
}
