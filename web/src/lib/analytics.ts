import { MARKET } from './market';

/**
 * Page views and flow steps pushed to the tag manager's `window.dataLayer` (spec §2). The page name is the
 * last path segment, dashes turned into underscores, lower-cased, with a country prefix
 * (`/prepaid-recharge` -> `ng_prepaid_recharge`); the home page is `homepage`.
 */
declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

const COUNTRY = MARKET.toLowerCase();

/**
 * @param pathname the path without the language prefix
 * @param dynamicValues values of route parameters (e.g. a transaction id); such segments are not page names
 */
export function pageName(pathname: string, dynamicValues: readonly string[] = [], country = COUNTRY): string {
  const segments = pathname
    .split('/')
    .filter(Boolean)
    .filter((segment) => !dynamicValues.includes(decodeURIComponent(segment)));
  const last = segments.at(-1);
  if (!last) return 'homepage';
  return `${country}_${last.replace(/-/g, '_').toLowerCase()}`;
}

function push(entry: Record<string, unknown>): void {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(entry);
}

export function trackPageView(name: string, path: string, language: string): void {
  push({ event: 'page_view', pageName: name, pagePath: path, language });
}

/** One step of the payment or lead flow (spec §2: an event per step). */
export function trackEvent(step: string, data: Record<string, unknown> = {}): void {
  push({ event: 'flow_step', step, ...data });
}
