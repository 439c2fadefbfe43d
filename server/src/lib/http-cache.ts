import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON answer serialised once, with the validator that names exactly these bytes. */
export type CachedBody = { body: string; etag: string };

/** Weak: @fastify/compress may send the bytes gzipped, the same content in another encoding. */
function weakTag(content: string): string {
  return `W/"${createHash('sha1').update(content).digest('base64url')}"`;
}

export function cachedBody(body: string): CachedBody {
  return { body, etag: weakTag(body) };
}

/** Cache-Control of the answers that carry an ETag (docs/decisions/0060). */
export const CACHE = {
  /** Translations change by release; the spec's web app caches them for an hour. */
  translations: 'public, max-age=3600',
  /** Pages change with a content reload: a short life, then a cheap revalidation. */
  content: 'public, max-age=60, must-revalidate',
  /**
   * Configuration (never stale once a change is acknowledged) and vote percentages (change with every vote):
   * always revalidate, a 304 when nothing changed.
   */
  revalidate: 'no-cache',
} as const;

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** Weak comparison, as RFC 9110 §13.1.2 asks of If-None-Match. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/** Sends the cached answer, or 304 Not Modified when the client already holds it. */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedBody,
  cacheControl: string,
  type = 'application/json; charset=utf-8',
) {
  reply.header('cache-control', cacheControl).header('etag', cached.etag);
  if (matches(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  return reply.type(type).send(cached.body);
}

/**
 * A rendered page's validator. The page inlines its data with the moments it was read (the query cache's
 * `dehydratedAt`, `dataUpdatedAt`): those change on every render while the page does not, so they are left
 * out of the tag. The service worker keeps the page a visitor has just loaded by asking for it again; with
 * this tag that is a 304 from the browser's own copy instead of the whole page downloaded twice.
 */
export function pageBody(html: string): CachedBody {
  const content = html.replace(/"(dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g, '');
  return { body: html, etag: weakTag(content) };
}

/**
 * Serialised answers by key, for data that changes seldom: emptied when the data's version moves on, and
 * bounded (a crawler asking for many keys cannot grow it without end).
 */
export function createBodyMemo(version: () => number, maxEntries = 1000) {
  let entries = new Map<string, CachedBody>();
  let seen = version();
  return (key: string, build: () => string): CachedBody => {
    if (seen !== version()) {
      entries = new Map();
      seen = version();
    }
    let entry = entries.get(key);
    if (!entry) {
      entry = cachedBody(build());
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, entry);
    }
    return entry;
  };
}
