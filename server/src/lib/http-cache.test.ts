import { describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { cachedBody, pageBody, preferredEncoding } from './http-cache.js';

const page = (amount: number, at: number) =>
  `<main>Recharge</main><script type="application/json">{"queries":[{"dehydratedAt":${at},` +
  `"state":{"data":{"preMinAmnt":${amount}},"dataUpdatedAt":${at},"errorUpdatedAt":0}}]}</script>`;

describe('validators', () => {
  it('name a page by its content, not by the moment its data was read', () => {
    expect(pageBody(page(50, 1795552881403)).etag).toBe(pageBody(page(50, 1795552881450)).etag);
    expect(pageBody(page(50, 1)).body).toBe(page(50, 1));
  });

  it('change when what the page shows changes', () => {
    expect(pageBody(page(50, 1)).etag).not.toBe(pageBody(page(100, 1)).etag);
  });

  it('are weak, as a compressed copy holds the same content', () => {
    expect(cachedBody('{}').etag).toMatch(/^W\/"[\w-]+"$/);
    expect(pageBody('<p>x</p>').etag).toMatch(/^W\/"[\w-]+"$/);
  });
});

describe('compressed copies of kept answers', () => {
  it('follow the client: br first, then gzip, never an encoding it refused', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('gzip;q=1, br;q=0.2')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });

  it('are made once and read back to the same bytes', () => {
    const body = JSON.stringify({ faqs: Array.from({ length: 200 }, (_, i) => `question ${i}`) });
    const cached = cachedBody(body);
    const gzip = cached.encoded?.('gzip');
    expect(gzip && gunzipSync(gzip).toString()).toBe(body);
    expect(cached.encoded?.('gzip')).toBe(gzip);
    const br = cached.encoded?.('br');
    expect(br && brotliDecompressSync(br).toString()).toBe(body);
  });

  it('are not made for a small answer', () => {
    expect(cachedBody('{"ok":true}').encoded).toBeUndefined();
  });
});
