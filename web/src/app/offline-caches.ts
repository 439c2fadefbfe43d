/**
 * The caches the service worker (src/sw.ts) and the page share: what the page has already loaded goes into
 * them, so the first visit works offline later without downloading anything twice.
 */
export const PAGE_CACHE = 'pages';
export const ASSET_CACHE = 'assets';
export const OFFLINE_PATH = '/offline';
/**
 * The page's message to the worker: `{ type: KEEP_FILES, urls, sheets }`, answered on its port once they are
 * kept (true: all of them).
 */
export const KEEP_FILES = 'KEEP_FILES';

/** A style sheet the server wrote into the page: its file's address and its text. */
export type KeptSheet = { url: string; text: string };

export type KeepFilesMessage = {
  type: typeof KEEP_FILES;
  /** Built files the page loaded: the worker stores them from the HTTP cache. */
  urls: string[];
  /** Style sheets the page never downloaded (they are written into it): the worker stores their text. */
  sheets: KeptSheet[];
};

/** Never kept, never answered from a cache: the API, the payment page (a payment needs the network). */
export const NOT_KEPT: RegExp[] = [
  /^\/(orp\/bfe|api|auth|sandbox|docs|healthz|readyz|metrics)(\/|$|\?)/,
  /^(\/[^/]+)?\/payment\/start(\/|$|\?)/,
];

export function isKept(pathAndSearch: string): boolean {
  return !NOT_KEPT.some((pattern) => pattern.test(pathAndSearch));
}

/** The offline pages to try for a path: its language's ('/sw/offline' for '/sw/...'), then the default. */
export function offlinePagesFor(pathname: string): string[] {
  const first = pathname.split('/')[1];
  return first ? [`/${first}${OFFLINE_PATH}`, OFFLINE_PATH] : [OFFLINE_PATH];
}
