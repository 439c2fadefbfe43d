import type { Shop } from '@portal/contract/api/locations';
import { distanceKm, type Point } from '@/domain/maps/distance';

/** Where the list is measured from: the phone's position or a searched place. */
export type Origin = Point & { label: string; via: 'geolocation' | 'search' };

/** A shop as the list and the map show it: numbered, with its distance (Km) from where the user is. */
export type ListedShop = Shop & { number: number; name: string; distance: number };

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
