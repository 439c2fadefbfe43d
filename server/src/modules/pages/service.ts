import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ClientHeaderValues } from '@portal/contract';
import { textLanguage } from '@portal/contract/error-texts';
import type { RenderBundle, RenderResult } from '@portal/contract/render';
import { createSealedBox } from '../../lib/sealed-box.js';
import { composeDocument, routeAssets, TEMPLATE_MARKS, type Manifest, type StyleSheets } from './document.js';

/**
 * Server-rendered pages (docs/decisions/0050). The web build leaves three things: the client's index.html
 * (the document template) and manifest in web/dist, and the render bundle in web/dist-server. They are
 * read once at start-up: a new build is served after a restart.
 */
export type PageRequest = { url: string; method: 'GET' | 'POST'; headers: Headers; body?: string };

export type PageResponse =
  | { kind: 'redirect'; status: number; location: string; page?: string }
  | {
      kind: 'page';
      status: number;
      html: string;
      personal: boolean;
      /** The page's id in the web's route table, for the request's metrics and log line. */
      page?: string;
      /** What a route threw when the page is the error page (a 500), for the request's log. */
      failure?: { error: unknown };
    };

export type Pages = { render(request: PageRequest): Promise<PageResponse> };

/** A page anyone may be given as it is: found, rendered without error, nothing personal in it. */
export function isPublicPage(response: PageResponse): response is Extract<PageResponse, { kind: 'page' }> {
  return response.kind === 'page' && response.status === 200 && !response.personal;
}

export type PagesOptions = {
  webDistDir: string;
  webRenderDir: string;
  market: string;
  publicBaseUrl: () => string;
  /** The portal's own API, called in-process (no socket) by the pages' loaders. */
  api: typeof fetch;
  /** The token-signing key: purchases sealed for the payment page's URL are encrypted with a key from it. */
  secret: string;
  /** The API key and service id the web app's calls carry (written into each page). */
  client?: ClientHeaderValues;
};

/** How long a purchase handed from a plain HTML form to the payment page stays valid. */
const PURCHASE_TTL_SECONDS = 2 * 60 * 60;

export class MissingBuildError extends Error {}

export async function createPages(options: PagesOptions): Promise<Pages> {
  const bundlePath = path.join(options.webRenderDir, 'entry-server.js');
  const templatePath = path.join(options.webDistDir, 'index.html');
  const manifestPath = path.join(options.webDistDir, '.vite', 'manifest.json');
  for (const file of [bundlePath, templatePath, manifestPath]) {
    if (!existsSync(file))
      throw new MissingBuildError(`no web build: ${file} is missing (run \`npm run build\`)`);
  }
  const template = await readFile(templatePath, 'utf8');
  const missing = TEMPLATE_MARKS.filter((mark) => !template.includes(mark));
  if (missing.length) throw new MissingBuildError(`${templatePath} lacks ${missing.join(', ')}`);
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
  const sheets = await readStyleSheets(options.webDistDir, manifest);

  // One module instance per market: the bundle reads its market from its own URL (web/src/lib/market.ts).
  const url = pathToFileURL(bundlePath);
  url.searchParams.set('market', options.market);
  const bundle = (await import(url.href)) as RenderBundle;
  const purchases = createSealedBox(options.secret, 'purchase');
  bundle.init({
    fetch: options.api,
    capabilities: {
      sealPurchase: (purchase) => purchases.seal(purchase, PURCHASE_TTL_SECONDS),
      openPurchase: (token) => purchases.open(token),
    },
  });

  const toPage = (result: Extract<RenderResult, { kind: 'page' }>): PageResponse => ({
    kind: 'page',
    status: result.status,
    personal: result.personal === true,
    ...(result.page ? { page: result.page } : {}),
    ...('error' in result ? { failure: { error: result.error } } : {}),
    html: composeDocument(
      template,
      { ...result, market: options.market, client: options.client },
      routeAssets(manifest, result.modules),
      sheets,
    ),
  });

  return {
    async render(request) {
      const base = options.publicBaseUrl();
      const url = new URL(request.url, base);
      const result = await pageLanguage.run(languageOfPath(url.pathname), () =>
        bundle.render(
          new Request(url, {
            method: request.method,
            headers: request.headers,
            ...(request.body !== undefined ? { body: request.body } : {}),
          }),
        ),
      );
      return result.kind === 'redirect' ? result : toPage(result);
    },
  };
}

async function readStyleSheets(webDistDir: string, manifest: Manifest): Promise<StyleSheets> {
  const files = new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? []));
  const entries = await Promise.all(
    [...files].map(async (file) => [file, await readFile(path.join(webDistDir, file), 'utf8')] as const),
  );
  return new Map(entries);
}

/**
 * The language of the page being rendered, for the API calls its loaders and forms make in-process: their
 * errors answer in the page's language as the browser's calls do (the browser sends Accept-Language).
 */
const pageLanguage = new AsyncLocalStorage<string>();

/** '/yo/prepaid-recharge' -> 'yo'; a path without a language prefix is English. */
export function languageOfPath(pathname: string): string {
  const first = pathname.split('/')[1] ?? '';
  return textLanguage(first);
}

/** The address a `fetch` call was given, whichever of its three forms. */
export function requestTarget(input: Parameters<typeof fetch>[0]): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

/**
 * The pages' loaders call the API as the browser would, but in-process: Fastify's `inject` runs the same
 * routes, validation and error handling without a socket. `header` marks these calls so that they count
 * against no client's request limit and add no request log lines (the page request has its own);
 * `fixed` are the headers every API call carries (the spec's API key and service id).
 */
export function injectTransport(
  app: FastifyInstance,
  header: { name: string; value: string },
  fixed: Record<string, string> = {},
): typeof fetch {
  return async (input, init) => {
    const target = requestTarget(input);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const language = pageLanguage.getStore();
    if (language && !headers['accept-language']) headers['accept-language'] = language;
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: target,
      headers: { ...headers, ...fixed, [header.name]: header.value },
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    return new Response(response.rawPayload, {
      status: response.statusCode,
      headers: Object.entries(response.headers).flatMap(([name, value]) =>
        value === undefined ? [] : [[name, String(value)] as [string, string]],
      ),
    });
  };
}
