import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import type { Config } from '../config.js';
import { AppError } from '../lib/app-error.js';
import { isApiPath } from '../modules/pages/routes.js';

/**
 * Whether a request passes uncounted, decided on the route the router matched (its pattern, after the path
 * was decoded), never on the raw URL: `/%6Frp/bfe/api/...` is the API route and is counted like the plain path.
 * Not counted: page views and built files, the server's own calls while rendering a page (the page request
 * itself was the client's) and the sandbox. The health probes opt out in their route options (lib/health.ts),
 * so the limit's hook never runs on them.
 */
export function isUncounted(request: FastifyRequest, isRenderCall: (request: FastifyRequest) => boolean) {
  if (isRenderCall(request)) return true;
  const route = request.routeOptions.url;
  if (route === undefined) return false;
  if (route === '/sandbox' || route.startsWith('/sandbox/')) return true;
  // The pages' catch-all ('/*') and the built files; a page view costs no upstream call.
  return request.method === 'GET' && !isApiPath(route);
}

/**
 * The counters' Redis. While it is unreachable a command fails at once instead of waiting in ioredis's queue for
 * a reconnection (each counted request took 1-4 s in a new operator's trial), and a command it does not answer
 * in time fails too; either way the request passes uncounted. The log says once when it went and when it came back.
 */
async function countersRedis(app: FastifyInstance, url: string) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    commandTimeout: 500,
    connectTimeout: 2_000,
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    app.log.warn({ err: error }, 'rate-limit Redis unreachable: requests pass uncounted until it is back');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    app.log.info('rate-limit Redis reachable again');
  });
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  return redis;
}

/** Requests per client per minute on every route, shared across instances when Redis is configured. */
export async function registerRateLimit(
  app: FastifyInstance,
  config: Config,
  isRenderCall: (request: FastifyRequest) => boolean,
) {
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    ...(config.redisUrl ? { redis: await countersRedis(app, config.redisUrl) } : {}),
    // Markets sharing a Redis count apart; deployments of one market share counters unless each has a Redis
    // database of its own (REDIS_URL's path, redis://host:6379/2).
    nameSpace: `portal-rate-limit:${config.market}:`,
    // A Redis outage must not take the portal down with it: requests pass uncounted meanwhile.
    skipOnError: true,
    // Only a refusal says how long to wait (429 with Retry-After and the limit's headers). A counted answer
    // carries no x-ratelimit-* headers: the web app never reads them, they are 70-80 bytes on every API
    // answer a subscriber pays for, and setting them cost 1.6 µs of a 31 µs status call (docs/decisions/0065).
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    allowList: (request) => isUncounted(request, isRenderCall),
    // The catalogue's error: the error handler answers it in the client's language.
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED_FOR', { params: { seconds: Math.ceil(context.ttl / 1000) } }),
  });
}
