import { TAG_MANAGER_ORIGIN } from '@portal/contract/tag-manager';
import { loadScript } from './load-script';
import { nextTask } from './sleep';

/**
 * The tag manager and analytics scripts of spec §7, loaded when the market's configuration names them
 * (`tagManagerId`, `analyticsId`; nothing when empty), and only after the page has painted and loaded: they
 * never delay what the visitor sees. They read the events `analytics.ts` pushes to `window.dataLayer`.
 */
export type TagIds = { tagManagerId?: string | undefined; analyticsId?: string | undefined };

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

/** The script URLs for the configured ids, in loading order. */
export function tagScriptUrls(ids: TagIds): string[] {
  const urls: string[] = [];
  if (ids.tagManagerId) urls.push(`${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(ids.tagManagerId)}`);
  if (ids.analyticsId) urls.push(`${TAG_MANAGER_ORIGIN}/gtag/js?id=${encodeURIComponent(ids.analyticsId)}`);
  return urls;
}

/** Resolves once the page has loaded and painted, in an idle moment after that. */
export function afterFirstPaint(): Promise<void> {
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  return loaded
    .then(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())))
    .then(nextTask);
}

/** What the two scripts expect to find before they load: the container's start event and gtag's queue. */
function prepare(ids: TagIds): void {
  const layer = (window.dataLayer = window.dataLayer ?? []);
  if (ids.tagManagerId) layer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  if (ids.analyticsId) {
    // gtag.js reads its commands as `arguments` objects, not arrays: this is its documented snippet.
    window.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      layer.push(arguments as unknown as Record<string, unknown>);
    };
    window.gtag('js', new Date());
    // Page views are pushed by the portal itself (analytics.ts), one per route, not by gtag on load.
    window.gtag('config', ids.analyticsId, { send_page_view: false });
  }
}

/** Loads the configured scripts after the first paint; a script that fails to load is left alone. */
export async function startTagManager(ids: () => Promise<TagIds>): Promise<void> {
  await afterFirstPaint();
  const configured = await ids();
  const urls = tagScriptUrls(configured);
  if (urls.length === 0) return;
  prepare(configured);
  await Promise.allSettled(urls.map((url) => loadScript(url)));
}
