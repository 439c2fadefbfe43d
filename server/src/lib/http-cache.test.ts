import { describe, expect, it } from 'vitest';
import { cachedBody, pageBody } from './http-cache.js';

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
