import { describe, expect, it } from 'vitest';
import { isApiPath, sentFromThisSite } from './routes.js';

describe('plain HTML forms', () => {
  const base = 'https://portal.example.ng';

  it('are taken from the portal itself, or from a browser that names no origin', () => {
    expect(
      sentFromThisSite({ origin: 'https://portal.example.ng', 'sec-fetch-site': 'same-origin' }, base),
    ).toBe(true);
    expect(sentFromThisSite({ origin: 'http://127.0.0.1:8080', host: '127.0.0.1:8080' }, base)).toBe(true);
    expect(sentFromThisSite({}, base)).toBe(true);
    expect(sentFromThisSite({ origin: 'null' }, base)).toBe(true);
  });

  it('are refused from another site', () => {
    expect(sentFromThisSite({ origin: 'https://evil.example', host: 'portal.example.ng' }, base)).toBe(false);
    expect(sentFromThisSite({ origin: 'null', 'sec-fetch-site': 'cross-site' }, base)).toBe(false);
    expect(sentFromThisSite({ 'sec-fetch-site': 'same-site' }, base)).toBe(false);
    expect(sentFromThisSite({ origin: 'not a url' }, base)).toBe(false);
  });
});

describe('what is a page and what is the API', () => {
  it('tells them apart by path', () => {
    expect(isApiPath('/orp/bfe/api/portal-service/resource/v1/config')).toBe(true);
    expect(isApiPath('/orp/fixed-internet')).toBe(false);
    expect(isApiPath('/sandbox/sms?to=1')).toBe(true);
    expect(isApiPath('/metrics')).toBe(true);
    expect(isApiPath('/sw/payment/status?id=1')).toBe(false);
  });
});
