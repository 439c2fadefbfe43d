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

/**
 * Keys whose values never leave for the tag manager: PINs, one-time codes, card data, and the visitor's
 * number and email (`planCode`-style product keys are kept).
 */
const SECRET_KEY =
  /pin|otp|uniquecode|^code$|card|cvv|cvc|expiry|pan$|password|secret|token|msisdn|mobile|phone|email/i;
/** A text of 6 or more digits (spaces and dashes aside) is a number, a code or a card, whatever its key. */
const DIGITS_ONLY = /^[\d\s+-]{6,}$/;

/** The event without what must not reach a third party (the spec's PIN, code and card fields, and more). */
export function withoutSecrets(entry: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entry)) {
    if (SECRET_KEY.test(key)) continue;
    if (typeof value === 'string' && DIGITS_ONLY.test(value)) continue;
    // Only flat values: a nested object could carry any of the above under another name.
    if (value !== null && typeof value === 'object') continue;
    kept[key] = value;
  }
  return kept;
}

function push(entry: Record<string, unknown>): void {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(withoutSecrets(entry));
}

export function trackPageView(name: string, path: string, language: string): void {
  push({ event: 'page_view', pageName: name, pagePath: path, language });
}

/** One step of the payment or lead flow (spec §2: an event per step). */
export function trackEvent(step: string, data: Record<string, unknown> = {}): void {
  push({ event: 'flow_step', step, ...data });
}
