import {
  isKept,
  KEEP_FILES,
  OFFLINE_PATH,
  PAGE_CACHE,
  type KeepFilesMessage,
  type KeptSheet,
} from './offline-caches';
import { loadRouteModule } from './routes';

/**
 * Registers the service worker that keeps visited pages for offline use (src/sw.ts, docs/decisions/0051).
 * Production builds only (the development server serves no worker), and only where the browser has them.
 */
let workerReady = false;
/** The current page's language prefix ('' for the default language, '/sw' for Swahili). */
let pageLanguagePrefix: () => string = () => '';

export function registerServiceWorker(languagePrefix: () => string): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  pageLanguagePrefix = languagePrefix;
  const firstLoadUncontrolled = !navigator.serviceWorker.controller;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then(() => {
        workerReady = true;
      })
      // The first page of a visit loaded before the worker existed: keep it and its files now. A page loaded
      // under the worker fetched its files through it, all but the style sheets written into it: those. Either
      // way, the offline page of the page's language, the first time a page of that language is opened.
      .then(async () => {
        const prefix = languagePrefix();
        if (firstLoadUncontrolled) await keepFirstPage();
        else await keepLoadedFiles();
        await keepOfflinePage(prefix);
      })
      .catch((error: unknown) => console.warn('[sw] registration failed', error));
  };
  // After the page has loaded: the worker's own downloads never compete with the page's.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Whether the visitor asked the browser to save data: then only what was loaded anyway is kept. */
function savingData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/**
 * The style sheets the server wrote into this page (server/src/modules/pages/document.ts): each one's text in
 * a `<style>`, followed by a disabled link to its file, which fetches nothing. The browser never downloads
 * these files, so they are in no cache; yet a part of the app loaded later on another page (the offline
 * notice's USSD codes on the help centre, offline) asks for them as files. The text is the file's, but for
 * the `</` the server wrote as `<\/`.
 */
function writtenStyleSheets(): KeptSheet[] {
  return [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][disabled]')].flatMap(
    (link) => {
      const style = link.previousElementSibling;
      if (!(style instanceof HTMLStyleElement) || !link.href) return [];
      return [{ url: link.href, text: (style.textContent ?? '').replace(/<\\\//g, '</') }];
    },
  );
}

/**
 * The built files this page has so far, into the worker's cache; whether all were kept. The worker fetches
 * and stores the ones it loaded (the `KEEP_FILES` message, handled by src/sw.ts): a cache lookup and store per
 * file on the page's own thread cost 50-110 ms of main thread (Chromium at 4x CPU slowdown). Hashed files
 * come from the browser's HTTP cache, and the style sheets written into the page from their text: nothing is
 * downloaded again.
 */
async function keepLoadedFiles(): Promise<boolean> {
  const loaded = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.href);
  const worker = (await navigator.serviceWorker.ready).active;
  if (!worker) return false;
  const reply = new MessageChannel();
  const kept = new Promise<boolean>((resolve) => {
    reply.port1.onmessage = (event: MessageEvent<unknown>) => resolve(event.data === true);
  });
  const message: KeepFilesMessage = {
    type: KEEP_FILES,
    urls: [...new Set(loaded)],
    sheets: writtenStyleSheets(),
  };
  worker.postMessage(message, [reply.port2]);
  return kept;
}

async function keepFirstPage(): Promise<void> {
  // What shows offline must be at hand offline: the notice's, the offline page's and the error page's code
  // (which shows the offline page for a route that cannot open offline) are loaded now, and kept below.
  await Promise.all([import('./layout/offline-notice'), loadRouteModule('offline'), import('./route-error')]);
  await store(location.pathname + location.search);
}

/**
 * Keeps a page opened by a client-side navigation (the worker only sees whole-page loads), so that it opens
 * offline too, and its language's offline page when it is the first page of that language. One small request
 * for its HTML, skipped when the visitor saves data.
 */
export async function keepPage(pathAndSearch: string): Promise<void> {
  const prefix = pageLanguagePrefix();
  await store(pathAndSearch);
  await keepOfflinePage(prefix);
}

/** The offline page of each language kept, or being kept, by this page (each is asked for once). */
const offlinePagesKept = new Map<string, Promise<boolean>>();

/**
 * The offline page of a language (`/ha/offline`), kept the first time a page of that language is opened
 * online: a page of a language never opened offline gives its language's offline page, at its address
 * (src/sw.ts). One small page per language the visitor uses, none for the others.
 */
async function keepOfflinePage(prefix: string): Promise<void> {
  if (!workerReady || !('caches' in window)) return;
  const path = prefix + OFFLINE_PATH;
  let kept = offlinePagesKept.get(path);
  if (!kept) {
    kept = caches
      .open(PAGE_CACHE)
      .then(async (pages) => (await pages.match(path, { ignoreSearch: true })) !== undefined || store(path));
    offlinePagesKept.set(path, kept);
  }
  // Not kept (no connection, or saving data): asked again on the next page of that language.
  if (!(await kept.catch(() => false))) offlinePagesKept.delete(path);
}

/** Fetches a page and puts it in the worker's cache after its files; whether it is kept. */
async function store(pathAndSearch: string): Promise<boolean> {
  if (!workerReady || !('caches' in window) || !isKept(pathAndSearch)) return false;
  if (savingData()) return false;
  try {
    // Only a page that answered well is worth keeping (not the catch-all's 404, not a failure).
    const response = await fetch(pathAndSearch, { credentials: 'same-origin' });
    // Its files first: a page in the cache opens offline only with them.
    const filesKept = await keepLoadedFiles();
    if (!response.ok || !filesKept) return false;
    await (await caches.open(PAGE_CACHE)).put(pathAndSearch, response);
    return true;
  } catch (error) {
    console.warn('[sw] could not keep the page', pathAndSearch, error);
    return false;
  }
}
