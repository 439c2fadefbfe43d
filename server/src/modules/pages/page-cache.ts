import { Counter } from 'prom-client';
import { CAMPAIGN_PARAMS } from '@portal/contract/render';
import { keptPageBody, type CachedBody } from '../../lib/http-cache.js';
import { isPublicPage, type PageResponse } from './service.js';

/**
 * Whether the page at `url` (a path with its query) may be kept: one without a query, or whose query holds
 * only campaign tags (the link of an SMS campaign), which no page reads. Its key is the whole address, since
 * the page's links carry its query on.
 */
export function mayKeepPageAt(url: string): boolean {
  const q = url.indexOf('?');
  if (q < 0) return true;
  const names = [...new URLSearchParams(url.slice(q + 1)).keys()];
  return names.length > 0 && names.every((name) => CAMPAIGN_PARAMS.includes(name));
}

/**
 * Pages that are the same for every visitor, kept for a few seconds (docs/decisions/0050, "Kept pages"). A
 * link sent by SMS brings thousands of subscribers to the same page at once, and a render costs the server
 * 20-35 ms of CPU (its API calls, the render, the compression), where sending a kept page costs well under
 * one. What such a page shows comes from the content, the market's configuration and the FAQs: `version`
 * names their state, and moves on every instance when any of them changes (the change feed), so a kept page
 * is never older than a change that was acknowledged. It is also never older than `maxAgeMs`: its inlined data
 * carries the moment it was read, from which the browser judges whether to read it again. Visitors asking at
 * once for a page not kept share one render.
 */
export type PageCache = {
  /** The kept page for `key`, else `render`'s answer (kept when it is the same for everyone). */
  page(key: string, render: () => Promise<PageResponse>): Promise<ServedPage>;
};

/** A kept page's bytes (with its compressed forms), or a render's answer that was not kept. */
export type ServedPage = { kept: CachedBody; page?: string } | { rendered: PageResponse };

type Entry = { body: CachedBody; page?: string; version: string; at: number };

export function createPageCache(options: {
  version: () => string;
  maxAgeMs: number;
  /** The most pages kept: the oldest goes first (a crawler's many addresses cannot grow it without end). */
  maxEntries?: number;
  now?: () => number;
}): PageCache & { metrics: Counter<'result'> } {
  const { version, maxAgeMs, maxEntries = 500, now = Date.now } = options;
  const kept = new Map<string, Entry>();
  const rendering = new Map<string, Promise<ServedPage>>();
  const metrics = new Counter({
    name: 'portal_page_cache_total',
    help: 'Page requests that may be kept (no query, or campaign tags only) answered from a kept render (hit) or rendered (miss)',
    labelNames: ['result'],
    registers: [],
  });

  function fresh(key: string): Entry | undefined {
    const entry = kept.get(key);
    if (!entry) return undefined;
    if (entry.version === version() && now() - entry.at < maxAgeMs) return entry;
    kept.delete(key);
    return undefined;
  }

  function keep(key: string, entry: Entry) {
    kept.delete(key);
    if (kept.size >= maxEntries) kept.delete(kept.keys().next().value!);
    kept.set(key, entry);
  }

  async function renderOnce(key: string, render: () => Promise<PageResponse>): Promise<ServedPage> {
    const before = version();
    const at = now();
    const response = await render();
    // A change that landed while this page rendered may not be in it: served to its visitors, not kept.
    if (!isPublicPage(response) || maxAgeMs <= 0 || version() !== before) return { rendered: response };
    const body = keptPageBody(response.html);
    const page = response.page;
    keep(key, { body, version: before, at, ...(page ? { page } : {}) });
    return { kept: body, ...(page ? { page } : {}) };
  }

  return {
    metrics,
    async page(key, render) {
      const entry = fresh(key);
      metrics.inc({ result: entry ? 'hit' : 'miss' });
      if (entry) return { kept: entry.body, ...(entry.page ? { page: entry.page } : {}) };
      let shared = rendering.get(key);
      if (!shared) {
        shared = renderOnce(key, render).finally(() => rendering.delete(key));
        rendering.set(key, shared);
      }
      return shared;
    },
  };
}
