import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';

/**
 * A JSON answer serialised once, with the validator that names exactly these bytes, and (for answers kept in
 * memory) its compressed forms, made once on first demand: compressing a 16 KB FAQ list on every request, as
 * @fastify/compress does, cost more than everything else the request did.
 */
export type CachedBody = { body: string; etag: string; encoded?: (encoding: Encoding) => Buffer };

/** Below this, compression saves less than it costs (the same threshold as @fastify/compress's). */
const COMPRESS_FROM_BYTES = 1024;

function compressOnce(body: string, brotliQuality = 9): (encoding: Encoding) => Buffer {
  const made: Partial<Record<Encoding, Buffer>> = {};
  return (encoding) =>
    (made[encoding] ??=
      encoding === 'br'
        ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality } })
        : gzipSync(body, { level: 9 }));
}

/** The encodings kept, in the order that wins a tie of the client's weights. */
const KEPT_ENCODINGS: Encoding[] = ['br', 'gzip'];

/** Browsers send a handful of distinct Accept-Encoding values; each is negotiated once (the memo is bounded). */
const seenAcceptEncodings = new Map<string, Encoding | undefined>();

/** The client's preferred encoding of the two kept, as @fastify/compress negotiates it (RFC 9110 weights). */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  if (seenAcceptEncodings.has(header)) return seenAcceptEncodings.get(header);
  const encoding = negotiate(header, KEPT_ENCODINGS) ?? undefined;
  if (seenAcceptEncodings.size >= 100) seenAcceptEncodings.clear();
  seenAcceptEncodings.set(header, encoding);
  return encoding;
}

/** Weak: @fastify/compress may send the bytes gzipped, the same content in another encoding. */
function weakTag(content: string): string {
  return `W/"${createHash('sha1').update(content).digest('base64url')}"`;
}

export function cachedBody(body: string): CachedBody {
  const compressible = Buffer.byteLength(body) >= COMPRESS_FROM_BYTES;
  return { body, etag: weakTag(body), ...(compressible ? { encoded: compressOnce(body) } : {}) };
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

/**
 * Route options of the reads answered from memory (configuration, pages, FAQs; docs/decisions/0060): the rate
 * limit does not count them, because counting a request costs more than answering it from memory (a flood of
 * them is the proxy's to limit, as one of page views is), and the compression hook is left out, because they
 * are sent compressed already (sendCached).
 */
export const FROM_MEMORY = { config: { rateLimit: false }, compress: false } as const;

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
  return sendKeptBody(request, reply, cached, type);
}

/** Sends kept bytes as they are, or their compressed copy in the encoding the client prefers. */
export function sendKeptBody(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedBody,
  type = 'application/json; charset=utf-8',
) {
  reply.type(type);
  if (!cached.encoded) return reply.send(cached.body);
  reply.header('vary', 'accept-encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(cached.body);
  return reply.header('content-encoding', encoding).send(cached.encoded(encoding));
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
 * A rendered page kept in memory (modules/pages/page-cache.ts): its compressed forms made once, not per request.
 * Brotli at quality 5, not 9: on a 37 KB page 9 took 84 ms of CPU for 0.8 % fewer bytes than 5 (1.3 ms), and a
 * page is kept for seconds, not for a release.
 */
export function keptPageBody(html: string): CachedBody {
  return { ...pageBody(html), encoded: compressOnce(html, 5) };
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
