import { z } from 'zod';
import { envelope } from '../envelope.js';

/**
 * Store locator, coverage map and place search (spec §2 "Store locator", "Network coverage map",
 * "Map web component", §3 "Shop", "Coverage site", §7 content calls).
 */

/** Shop search radius of spec §9. */
export const SHOP_RADIUS_KM = 100;

const latitude = z.coerce.number().min(-90).max(90);
const longitude = z.coerce.number().min(-180).max(180);

export const shopType = z.enum(['shop', 'dealer']);
export type ShopType = z.infer<typeof shopType>;

/** `GET cms/maps/{operator}shopsbycoordinates?opco=&longitude=&latitude=&distanceInKilometers=100`. */
export const shopsQuery = z.object({
  opco: z.string().min(2).max(4),
  latitude,
  longitude,
  distanceInKilometers: z.coerce.number().positive().max(SHOP_RADIUS_KM).default(SHOP_RADIUS_KM),
  /** Shops (default) or dealers (`/store_finder/dealers`). */
  type: shopType.default('shop'),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type ShopsQuery = z.infer<typeof shopsQuery>;

/**
 * A shop as the spec names it on the wire: `latitue` is spelt so. `shop` may carry a suffix after ' - '
 * (e.g. "Naija Shop Ikeja - Allen Avenue") that the list drops. Distance is computed by the client; the
 * server returns shops nearest first.
 */
export const shop = z.object({
  id: z.string(),
  shop: z.string(),
  location: z.object({ latitue: z.number(), longitude: z.number() }),
  phyLocation: z.string(),
  phNumber: z.string(),
  city: z.string(),
  state: z.string(),
  type: shopType,
});
export type Shop = z.infer<typeof shop>;

export const shopsResponse = envelope(z.array(shop));

/** A place found by the place search: a town of the gazetteer or an answer of the configured geocoder. */
export const place = z.object({
  name: z.string(),
  state: z.string(),
  /** One line for people: "Ikeja, Lagos State". */
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
  source: z.enum(['gazetteer', 'geocoder']),
});
export type Place = z.infer<typeof place>;

/** `GET maps/v1/places?q=` (city, town or 6-digit postcode). */
export const placesQuery = z.object({
  q: z.string().trim().min(1).max(100),
  limit: z.coerce.number().int().min(1).max(10).default(5),
  lang: z.string().min(2).max(5).optional(),
});
export const placesResponse = envelope(z.array(place));

/** `GET maps/v1/reverse?lat=&lng=`: the address of a point (nearest town when no geocoder is configured). */
export const reverseQuery = z.object({
  lat: latitude,
  lng: longitude,
  lang: z.string().min(2).max(5).optional(),
});
export const reverseResponse = envelope(place.nullable());

/** `GET maps/v1/config`: what the maps of the web need; all of it is server configuration. */
export const mapConfig = z.object({
  /** Slippy-map tile template, OpenStreetMap-compatible (`{z}/{x}/{y}`, optional `{s}`). */
  tileUrl: z.string(),
  attribution: z.string(),
  maxZoom: z.number().int(),
  /** The box place search is biased to (spec §2; defaults to Nigeria). */
  searchBounds: z.object({ south: z.number(), west: z.number(), north: z.number(), east: z.number() }),
  /** Default centre of the maps (spec §9: 7.41, 3.92). */
  centre: z.object({ lat: z.number(), lng: z.number() }),
  geocoder: z.enum(['gazetteer', 'nominatim']),
});
export type MapConfig = z.infer<typeof mapConfig>;
export const mapConfigResponse = envelope(mapConfig);

/** A town of the gazetteer (GeoNames, Nigeria). */
export const town = z.object({
  name: z.string(),
  state: z.string(),
  lat: z.number(),
  lng: z.number(),
  population: z.number().int(),
});
export type Town = z.infer<typeof town>;

/** `GET maps/v1/towns`: the town list (spec §7 "town list", answer in result.data). */
export const townsQuery = z.object({
  state: z.string().trim().max(60).optional(),
  minPopulation: z.coerce.number().int().min(0).default(0),
});
export const townsResponse = envelope(z.object({ data: z.array(town) }));

/**
 * Coverage site of spec §3, served as the content page `fetch-sites-data-5g` (JSON text in packageHtml).
 * `technology` is the highest technology of the site; the flags say which it serves.
 */
export type CoverageSite = {
  title: string;
  latitude: number;
  longitude: number;
  technology: '2G' | '3G' | '4G' | '5G';
  _2Gservice: boolean;
  _3Gservice: boolean;
  _4Gservice: boolean;
  _5Gservice: boolean;
};
