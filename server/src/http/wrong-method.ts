import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS } from '@portal/contract';
import { errorText } from '@portal/contract/error-texts';
import { languageOf } from '../lib/app-error.js';
import { sendFailure } from './error-envelope.js';

type Answer = (request: FastifyRequest, reply: FastifyReply) => unknown;

/** A route's address as a pattern: `:name` one segment, `*` the rest (find-my-way's two forms we use). */
function patternOf(url: string): RegExp {
  const source = url
    .split(/(:[A-Za-z0-9_]+|\*)/)
    .map((part) => {
      if (part === '*') return '.*';
      if (part.startsWith(':')) return '[^/]+';
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}/?$`);
}

/**
 * The methods each address answers, learned from the routes as they are added (Fastify finds a route by its
 * pattern, not by an address). Catch-alls are left out: the pages' (`/*`) answers any address, and a page's
 * wrong method has its own answer (modules/pages); CORS's preflight (`*`, where it is on) only OPTIONS.
 */
function routeMethods(app: FastifyInstance) {
  const routes = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  app.addHook('onRoute', (route) => {
    if (route.url === '/*' || route.url === '*') return;
    const known = routes.get(route.url) ?? { pattern: patternOf(route.url), methods: new Set<string>() };
    for (const method of [route.method].flat()) known.methods.add(method);
    if (known.methods.has('GET')) known.methods.add('HEAD');
    routes.set(route.url, known);
  });
  return (path: string): string[] => {
    const methods = new Set<string>();
    for (const route of routes.values()) {
      if (route.pattern.test(path)) for (const method of route.methods) methods.add(method);
    }
    return [...methods].sort();
  };
}

/**
 * What an address no route answers gets: 405 with `Allow` where the address answers other methods (an API call
 * sent as GET instead of POST says what it needs, not that nothing is there), 204 with `Allow` to OPTIONS, and
 * otherwise `notFound`, as to an address `hidden` says is not there for this client. Call before any route is
 * added.
 */
export function answerWrongMethods(
  app: FastifyInstance,
  notFound: Answer,
  options: { hidden: (request: FastifyRequest) => boolean },
): Answer {
  const methodsOf = routeMethods(app);
  return (request, reply) => {
    const allowed = options.hidden(request) ? [] : methodsOf(request.url.split('?')[0] ?? '/');
    if (allowed.length === 0) return notFound(request, reply);
    reply.header('allow', allowed.join(', ')).header('cache-control', 'no-store');
    if (request.method === 'OPTIONS') return reply.status(204).send();
    const { http, code } = ERRORS.METHOD_NOT_ALLOWED;
    return sendFailure(reply, http, code, errorText('METHOD_NOT_ALLOWED', languageOf(request)));
  };
}
