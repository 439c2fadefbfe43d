export type GeoFailure = 'denied' | 'unavailable';
export type GeoResult = { ok: true; lat: number; lng: number } | { ok: false; reason: GeoFailure };

/**
 * Browser geolocation (spec §6) as a promise. Code 1 (PERMISSION_DENIED) is told apart from the other
 * failures (no fix, timeout, no API); both end in the not-found panel (spec §4).
 */
export function locate(timeoutMs = 10_000): Promise<GeoResult> {
  return new Promise((resolve) => {
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geolocation) {
      resolve({ ok: false, reason: 'unavailable' });
      return;
    }
    geolocation.getCurrentPosition(
      (position) => resolve({ ok: true, lat: position.coords.latitude, lng: position.coords.longitude }),
      (error) => resolve({ ok: false, reason: error.code === 1 ? 'denied' : 'unavailable' }),
      { enableHighAccuracy: false, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}
