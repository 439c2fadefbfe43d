/** Mean Earth radius (IUGG), km. The same value is used by the SQL of store.ts. */
export const EARTH_RADIUS_KM = 6371.0088;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine). */
export function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Half-sizes in degrees of a box that holds every point within `radiusKm` of `lat` (a cheap pre-filter). */
export function boundingDeltas(lat: number, radiusKm: number): { dLat: number; dLng: number } {
  const dLat = (radiusKm / (Math.PI * EARTH_RADIUS_KM)) * 180;
  const cos = Math.cos(rad(lat));
  // Near the poles every longitude can be within reach.
  const dLng = cos < 0.01 ? 180 : Math.min(180, dLat / cos);
  return { dLat, dLng };
}

export function inBounds(
  p: { lat: number; lng: number },
  b: { south: number; west: number; north: number; east: number },
) {
  return p.lat >= b.south && p.lat <= b.north && p.lng >= b.west && p.lng <= b.east;
}
