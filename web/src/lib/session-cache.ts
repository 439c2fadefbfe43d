/**
 * A small cache in sessionStorage (spec §3 "Cache entry"): each entry is `{data, expiry}` with `expiry` in
 * epoch milliseconds. Reading an expired entry deletes it. Storage failures (private mode, quota) are
 * treated as a cache miss, never as an error.
 */
export const DEFAULT_CACHE_SECONDS = 10;

const PREFIX = 'cache:';

type CacheEntry<T> = { data: T; expiry: number };

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export function setCached<T>(
  key: string,
  data: T,
  ttlSeconds = DEFAULT_CACHE_SECONDS,
  now = Date.now(),
): void {
  const entry: CacheEntry<T> = { data, expiry: now + ttlSeconds * 1000 };
  try {
    storage()?.setItem(PREFIX + key, JSON.stringify(entry));
  } catch {
    // Quota exceeded or storage disabled: the value is simply not cached.
  }
}

export function getCached<T>(key: string, now = Date.now()): T | undefined {
  const store = storage();
  const raw = store?.getItem(PREFIX + key);
  if (!store || raw == null) return undefined;
  try {
    const entry = JSON.parse(raw) as CacheEntry<T>;
    if (typeof entry.expiry !== 'number' || entry.expiry <= now) {
      store.removeItem(PREFIX + key);
      return undefined;
    }
    return entry.data;
  } catch {
    store.removeItem(PREFIX + key);
    return undefined;
  }
}

export function removeCached(key: string): void {
  storage()?.removeItem(PREFIX + key);
}

/** Deletes every expired entry (called once at start-up so stale entries do not pile up). */
export function purgeExpired(now = Date.now()): void {
  const store = storage();
  if (!store) return;
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX)) keys.push(key.slice(PREFIX.length));
  }
  for (const key of keys) getCached(key, now);
}

/** Returns the cached value or loads, caches and returns it. */
export async function cachedOr<T>(key: string, ttlSeconds: number, load: () => Promise<T>): Promise<T> {
  const hit = getCached<T>(key);
  if (hit !== undefined) return hit;
  const data = await load();
  setCached(key, data, ttlSeconds);
  return data;
}
