import { describe, expect, it } from 'vitest';
import { readMarket } from './market';

function pageWith(head: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><html><head>${head}</head></html>`, 'text/html');
}

describe('the market of the page', () => {
  it('is what the server wrote into the page', () => {
    expect(readMarket(pageWith('<meta name="portal-market" content="CD">'))).toBe('CD');
  });

  it('falls back to Nigeria without the tag or with anything but a two-letter code', () => {
    expect(readMarket(pageWith(''))).toBe('NG');
    expect(readMarket(pageWith('<meta name="portal-market" content="">'))).toBe('NG');
    expect(readMarket(pageWith('<meta name="portal-market" content="cd&quot;><script>">'))).toBe('NG');
    expect(readMarket(undefined)).toBe('NG');
  });
});

describe('the market of the server render', () => {
  it('is the market named on the rendering bundle URL', () => {
    expect(readMarket(null, 'file:///app/web/dist/server/entry-server.js?market=CD')).toBe('CD');
    expect(readMarket(null, 'file:///app/web/dist/server/entry-server.js')).toBe('NG');
    expect(readMarket(null, 'file:///x.js?market=<b>')).toBe('NG');
  });
});
