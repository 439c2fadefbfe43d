import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CACHE_SECONDS, cachedOr, getCached, purgeExpired, setCached } from './session-cache';

afterEach(() => sessionStorage.clear());

describe('session cache', () => {
  it('stores {data, expiry} and returns the data until it expires', () => {
    setCached('k', { a: 1 }, 60, 1_000);
    expect(JSON.parse(sessionStorage.getItem('cache:k')!)).toEqual({ data: { a: 1 }, expiry: 61_000 });
    expect(getCached('k', 60_999)).toEqual({ a: 1 });
  });

  it('deletes an expired entry when it is read', () => {
    setCached('k', 'v', 60, 1_000);
    expect(getCached('k', 61_000)).toBeUndefined();
    expect(sessionStorage.getItem('cache:k')).toBeNull();
  });

  it('defaults to 10 seconds', () => {
    expect(DEFAULT_CACHE_SECONDS).toBe(10);
    setCached('k', 'v', undefined, 0);
    expect(getCached('k', 9_999)).toBe('v');
    expect(getCached('k', 10_000)).toBeUndefined();
  });

  it('treats a corrupt entry as a miss and removes it', () => {
    sessionStorage.setItem('cache:k', '{not json');
    expect(getCached('k')).toBeUndefined();
    expect(sessionStorage.getItem('cache:k')).toBeNull();
  });

  it('purges every expired entry and leaves other keys alone', () => {
    setCached('old', 1, 1, 0);
    setCached('new', 2, 100, 0);
    sessionStorage.setItem('queryData', '{}');
    purgeExpired(5_000);
    expect(sessionStorage.getItem('cache:old')).toBeNull();
    expect(sessionStorage.getItem('cache:new')).not.toBeNull();
    expect(sessionStorage.getItem('queryData')).toBe('{}');
  });

  it('loads once and serves the cached copy afterwards', async () => {
    let loads = 0;
    const load = async () => ++loads;
    expect(await cachedOr('n', 60, load)).toBe(1);
    expect(await cachedOr('n', 60, load)).toBe(1);
    expect(loads).toBe(1);
  });
});
