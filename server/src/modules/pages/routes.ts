import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { pageBody, sendCached } from '../../lib/http-cache.js';
import { mayKeepPageAt, type PageCache } from './page-cache.js';
import { isPublicPage, languageOfPath, type PageRequest, type PageResponse, type Pages } from './service.js';
import { isAppError, languageOf, type AppError } from '../../lib/app-error.js';
import { labelPage } from '../../lib/route-label.js';
import { escapeText } from './document.js';

/** '/orp/bfe/...' is the API; '/orp/fixed-internet' is a page of the app. */
export function isApiPath(url: string): boolean {
  return /^\/(orp\/bfe|api|auth|sandbox|docs|healthz|readyz|metrics)(\/|$|\?)/.test(url);
}

/**
 * A form sent from another site is refused: browsers say so in Sec-Fetch-Site, or name the other origin. A
 * request saying neither (an older or proxy browser, or an origin hidden as "null") passes.
 */
export function sentFromThisSite(
  headers: {
    origin?: string | undefined;
    host?: string | undefined;
    'sec-fetch-site'?: string | string[] | undefined;
  },
  publicBaseUrl: string,
): boolean {
  const site = headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return false;
  const origin = headers.origin;
  if (!origin || origin === 'null') return true;
  try {
    const { host } = new URL(origin);
    return host === new URL(publicBaseUrl).host || host === headers.host;
  } catch {
    return false;
  }
}

/** What a browser gets when the render itself fails: a page in plain words, never a JSON envelope. */
const FAILED_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Something Went Wrong!</title></head><body><main><h1>Something Went Wrong!</h1>' +
  '<p>Please try again in a moment.</p><p><a href="/">Go to home</a></p></main></body></html>';

const HTML = 'text/html; charset=utf-8';

/** A page's language: its address's prefix (`/ha/...`, service.ts), else, without one, the browser's. */
function pageLanguage(request: FastifyRequest): string {
  const language = languageOfPath(request.url.split('?')[0] ?? '');
  return language !== 'en' ? language : languageOf(request);
}

/**
 * A refusal a browser meets on a page's address (a plain form sent too often: the rate limit's 429) as a
 * page in the page's language, not the API's JSON, which a browser without JavaScript would show as it is.
 */
function refusalPage(request: FastifyRequest, error: AppError): string {
  const language = pageLanguage(request);
  const message = escapeText(error.userMessage(language));
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${message}</title></head><body><main><h1>${message}</h1></main></body></html>`
  );
}

/** What the render is given of a request: its address, method, headers and (a plain form's) body. */
function pageRequest(request: FastifyRequest, method: 'GET' | 'POST'): PageRequest {
  return {
    url: request.url,
    method,
    headers: new Headers(
      Object.entries(request.headers).flatMap(([name, value]) =>
        typeof value === 'string' ? [[name, value] as [string, string]] : [],
      ),
    ),
    ...(method === 'POST' && typeof request.body === 'string' ? { body: request.body } : {}),
  };
}

/**
 * The methods a page answers without a form handler: GET and the HEAD Fastify adds for it (`pageRoutes`); POST
 * only where a page has a plain form (web/src/server/actions.ts). Sent with the 405 of a form sent elsewhere.
 */
export const PAGE_METHODS = 'GET, HEAD';

/**
 * A render's answer: a redirect, or the page (with a validator, unless it shows personal data). A page that
 * failed (a route threw: the router's error page, 500) is logged with what was thrown, under the request's id.
 */
function sendPage(request: FastifyRequest, reply: FastifyReply, response: PageResponse) {
  labelPage(request, response.page);
  if (response.kind === 'redirect') return reply.redirect(response.location, response.status);
  if (response.failure) {
    const page = request.url.split('?')[0];
    request.log.error({ err: response.failure.error, page }, 'page render failed');
  }
  if (request.method !== 'POST' && isPublicPage(response)) {
    return sendCached(request, reply, pageBody(response.html), 'no-cache', HTML);
  }
  if (response.status === 405) reply.header('allow', PAGE_METHODS);
  return reply
    .status(response.status)
    .header('cache-control', response.personal ? 'private, no-store' : 'no-cache')
    .type(HTML)
    .send(response.html);
}

/**
 * The web app: its built files, and every other GET (and the plain HTML forms' POSTs) rendered on the server.
 * Registered last, so that every API route is matched first.
 */
export async function pageRoutes(
  app: FastifyInstance,
  options: {
    pages: Pages;
    webDistDir: string;
    publicBaseUrl: () => string;
    notFound: (request: FastifyRequest, reply: FastifyReply) => unknown;
    cache: PageCache;
  },
) {
  const { pages, webDistDir } = options;
  await app.register(fastifyStatic, {
    root: webDistDir,
    // One route per built file, found at start-up (the render bundle is read at start-up too).
    wildcard: false,
    globIgnore: ['index.html', '.vite/**'],
    index: false,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      // Hashed file names never change; the rest (the service worker, the manifest, icons) revalidate.
      res.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });

  // The plain HTML forms post `application/x-www-form-urlencoded`: kept as text for the page's action.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );

  const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (isApiPath(request.url)) return options.notFound(request, reply);
    const method = request.method === 'POST' ? 'POST' : 'GET';
    // A plain form may only be sent from the portal's own pages (browsers name the origin of a form post).
    if (method === 'POST' && !sentFromThisSite(request.headers, options.publicBaseUrl())) {
      return reply.status(403).header('cache-control', 'no-store').type(HTML).send(FAILED_PAGE);
    }
    const render = () => pages.render(pageRequest(request, method));
    try {
      // A page without a query (or with campaign tags alone) is the same for every visitor of its address.
      if (method === 'GET' && mayKeepPageAt(request.url)) {
        const served = await options.cache.page(request.url, render);
        if ('kept' in served) {
          labelPage(request, served.page);
          return sendCached(request, reply, served.kept, 'no-cache', HTML);
        }
        return sendPage(request, reply, served.rendered);
      }
      return sendPage(request, reply, await render());
    } catch (error) {
      request.log.error({ err: error }, 'page render failed');
      return reply.status(500).header('cache-control', 'no-store').type(HTML).send(FAILED_PAGE);
    }
  };
  // Only the routes of this scope: a refusal of a page's address is a page; anything else goes to the envelope.
  app.setErrorHandler((error, request, reply) => {
    if (!isAppError(error) || error.httpStatus !== 429) throw error;
    return reply.status(429).header('cache-control', 'no-store').type(HTML).send(refusalPage(request, error));
  });
  app.get('/*', { schema: { hide: true } }, renderPage);
  app.post('/*', { schema: { hide: true } }, renderPage);
}
