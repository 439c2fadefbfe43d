/// <reference lib="webworker" />
/**
 * The service worker (docs/decisions/0051): pages a visitor has opened open again without a connection.
 *
 * - Pages: network first (the server's HTML is the truth), the copy kept for when the network fails; a page
 *   never opened answers with the offline page of its language (kept when the visitor first opened a page of
 *   that language; else the language used last), which says what can be done by USSD.
 * - Built files (`/assets/`, hashed and immutable): from the cache once fetched. Nothing is downloaded just
 *   in case: users pay for every kilobyte; the page names the files it loaded, and hands the text of the
 *   style sheets written into it, and the worker keeps them (the `KEEP_FILES` message below).
 * - Never cached, never replayed: the API, payment starts and returns, the sandbox, anything but a GET.
 * - A new version waits until every tab of the portal is closed (no skipWaiting, no clients.claim): it
 *   never reloads or changes a page in the middle of a payment.
 */
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, StrategyHandler } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  ASSET_CACHE,
  KEEP_FILES,
  type KeptSheet,
  isKept,
  NOT_KEPT,
  OFFLINE_PATH,
  offlinePagesFor,
  PAGE_CACHE,
} from './app/offline-caches';
import { offlineAddresses, offlinePageFor } from './features/offline/utils/offline-page-for';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const DAY = 24 * 60 * 60;

// The offline page is looked up without its query (`?from=` names the page that was asked for).
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.pathname.endsWith(OFFLINE_PATH),
  new NetworkFirst({ cacheName: PAGE_CACHE, matchOptions: { ignoreSearch: true } }),
);

registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: PAGE_CACHE,
      // A slow connection still gets the live page; only a failed one falls back to the kept copy.
      networkTimeoutSeconds: 15,
      plugins: [new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true })],
    }),
    { denylist: NOT_KEPT },
  ),
);

// The pages never kept (the payment page needs the network) are still this worker's to answer: from the network
// only, and, when it fails, the offline page of the catch handler below, not the browser's own error page.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && !isKept(url.pathname + url.search),
  new NetworkOnly(),
);

/** The built files' folder: on this origin, or under the CDN base the build was made with (ASSET_BASE_URL). */
const ASSETS = new URL(`${import.meta.env.BASE_URL}assets/`, self.location.origin).href;

const isAsset = (url: URL) => url.href.startsWith(ASSETS);
const assets = new CacheFirst({
  cacheName: ASSET_CACHE,
  plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 60 * DAY, purgeOnQuotaError: true })],
});
registerRoute(({ url }) => isAsset(url), assets);

/** `value` when it names one of this origin's built files. */
function assetUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    return isAsset(new URL(value)) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A style sheet written into a page (it never downloaded the file), stored from its text under its file's
 * address through the asset strategy's handler (its expiration applies), unless the file is kept already.
 */
async function keepSheet(sheet: unknown, event: ExtendableMessageEvent): Promise<void> {
  const { url, text } = (sheet ?? {}) as Partial<KeptSheet>;
  const href = assetUrl(url);
  if (href === undefined || typeof text !== 'string' || !new URL(href).pathname.endsWith('.css')) return;
  const request = new Request(href);
  const handler = new StrategyHandler(assets, { request, event });
  try {
    if (await handler.cacheMatch(request)) return;
    const response = new Response(text, { headers: { 'Content-Type': 'text/css; charset=utf-8' } });
    if (!(await handler.cachePut(request, response))) throw new Error(`${href} not stored`);
  } finally {
    await handler.doneWaiting();
    handler.destroy();
  }
}

/**
 * The built files a page has, for offline use: those it loaded before this worker controlled it, stored
 * through the asset strategy (from the HTTP cache; only this origin's built files), and the style sheets
 * written into it, from their text. The answer (true: all stored) comes once they are stored, not merely
 * fetched (Workbox's own `CACHE_URLS` answers before its cache writes end): the page keeps itself only after
 * its files.
 */
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; urls?: unknown; sheets?: unknown } | null;
  if (data?.type !== KEEP_FILES || !Array.isArray(data.urls)) return;
  const urls = data.urls.map(assetUrl).filter((url): url is string => url !== undefined);
  const sheets = Array.isArray(data.sheets) ? data.sheets : [];
  const stored = Promise.all([
    ...urls.map((url) => assets.handleAll({ request: new Request(url), event })[1]),
    ...sheets.map((sheet) => keepSheet(sheet, event)),
  ]);
  const answer = (kept: boolean) => event.ports[0]?.postMessage(kept);
  event.waitUntil(
    stored.then(
      () => answer(true),
      () => answer(false),
    ),
  );
});

/**
 * The kept offline page for a page never opened: its language's, kept when the visitor first opened a page of
 * that language (app/service-worker.ts); for a language never opened, the one the visitor used last
 * (features/offline/utils/offline-page-for.ts).
 */
async function keptOfflinePageFor(pathname: string): Promise<string | undefined> {
  const pages = await caches.open(PAGE_CACHE);
  const kept = (await pages.keys()).map((request) => new URL(request.url).pathname);
  const listed = kept.includes(OFFLINE_PATH)
    ? OFFLINE_PATH
    : kept.find((path) => path.endsWith(OFFLINE_PATH));
  const listing = listed === undefined ? undefined : await pages.match(listed, { ignoreSearch: true });
  const addresses = listing ? offlineAddresses(await listing.text(), OFFLINE_PATH) : [];
  if (addresses.length > 0) return offlinePageFor(pathname, kept, addresses, OFFLINE_PATH);
  // No kept offline page names the languages: the first segment's, else the default's.
  return offlinePagesFor(pathname).find((path) => kept.includes(path));
}

/** A page that was never opened, offline: to a kept offline page (never in a loop), `?from=` naming it. */
setCatchHandler(async ({ request, url }) => {
  if (request.mode !== 'navigate' || url.pathname.endsWith(OFFLINE_PATH)) return Response.error();
  const path = await keptOfflinePageFor(url.pathname);
  if (path === undefined) return Response.error();
  const from = encodeURIComponent(url.pathname + url.search);
  return Response.redirect(`${path}?from=${from}`, 302);
});

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(PAGE_CACHE).then((cache) => cache.add(OFFLINE_PATH)));
});
