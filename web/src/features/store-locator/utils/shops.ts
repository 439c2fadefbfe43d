import type { Shop } from '@portal/contract/api/locations';

export type Point = { lat: number; lng: number };
/** Where the list is measured from: the phone's position or a searched place. */
export type Origin = Point & { label: string; via: 'geolocation' | 'search' };

/** A shop as the list and the map show it: numbered, with its distance (Km) from where the user is. */
export type ListedShop = Shop & { number: number; name: string; distance: number };

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle (haversine) distance in km. */
export function distanceKm(a: Point, b: Point): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Spec §3: distance in Km with one decimal (e.g. "2.4"). */
export function formatKm(km: number): string {
  return (Math.round(km * 10) / 10).toFixed(1);
}

/** Spec §3: the shop's name is the part before a '-' ("Naija Shop Ikeja - Allen Avenue" -> "Naija Shop Ikeja"). */
export function shopName(shop: string): string {
  const [name = ''] = shop.split('-');
  return name.trim() || shop.trim();
}

export function shopPoint(shop: Shop): Point {
  return { lat: shop.location.latitue, lng: shop.location.longitude };
}

/** Distances computed here (spec §3), nearest first, numbered from 1 as the map's pins are. */
export function listShops(shops: readonly Shop[], origin: Point): ListedShop[] {
  return shops
    .map((shop) => ({ shop, distance: distanceKm(origin, shopPoint(shop)) }))
    .sort((a, b) => a.distance - b.distance || a.shop.id.localeCompare(b.shop.id))
    .map(({ shop, distance }, i) => ({ ...shop, number: i + 1, name: shopName(shop.shop), distance }));
}

/** `tel:` link of a Nigerian phone number as shops list it ("0802 100 0001"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
