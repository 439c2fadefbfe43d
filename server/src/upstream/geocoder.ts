import { createHttpClient } from './http.js';

/** A place as the portal uses it; `address` is one line for people ("Ikeja, Lagos State"). */
export type GeoPlace = { name: string; state: string; address: string; lat: number; lng: number };

export type GeoBounds = { south: number; west: number; north: number; east: number };

/**
 * Port to a geocoder: place search by text and reverse geocoding. Adapters: Nominatim-compatible HTTP
 * (this file) and the gazetteer of Nigerian towns (modules/locations/gazetteer.ts), which needs no network.
 * `search` prefers places inside `bounds` (the spec's place-search bias box) without excluding the rest.
 */
export interface GeocoderPort {
  readonly kind: 'nominatim' | 'gazetteer';
  search(
    query: string,
    options: { bounds: GeoBounds; limit: number; language?: string | undefined },
  ): Promise<GeoPlace[]>;
  reverse(
    lat: number,
    lng: number,
    options?: { language?: string | undefined },
  ): Promise<GeoPlace | undefined>;
}

type NominatimAddress = Partial<
  Record<
    'city' | 'town' | 'village' | 'suburb' | 'county' | 'state' | 'road' | 'neighbourhood' | 'country',
    string
  >
>;
type NominatimPlace = {
  lat: string;
  lon: string;
  name?: string;
  display_name?: string;
  address?: NominatimAddress;
};

function toPlace(p: NominatimPlace): GeoPlace | undefined {
  const lat = Number(p.lat);
  const lng = Number(p.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return undefined;
  const a = p.address ?? {};
  const area = a.suburb ?? a.neighbourhood;
  const town = a.city ?? a.town ?? a.village ?? a.county;
  const name = p.name || area || town || p.display_name?.split(',')[0]?.trim() || '';
  const state = a.state ?? '';
  const parts = [name, area, town, state].filter((part): part is string => Boolean(part));
  const address = parts.filter((part, i) => parts.indexOf(part) === i).join(', ') || p.display_name || '';
  return { name, state, address, lat, lng };
}

/**
 * Nominatim-compatible adapter (OpenStreetMap's Nominatim, or a self-hosted one). Nominatim's usage policy
 * asks for an identifying User-Agent and few requests, so answers are kept in a small in-process cache
 * (a cache only: every instance can answer without it).
 */
export function createNominatimGeocoder(options: {
  baseUrl: string;
  userAgent: string;
  timeoutMs: number;
  countryCodes?: string;
  cacheSize?: number;
}): GeocoderPort {
  const http = createHttpClient({
    service: 'geocoder',
    baseUrl: () => options.baseUrl,
    timeoutMs: options.timeoutMs,
    headers: () => ({ 'user-agent': options.userAgent }),
  });
  const cache = new Map<string, unknown>();
  const cacheSize = options.cacheSize ?? 500;
  async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (cache.has(key)) return cache.get(key) as T;
    const value = await load();
    if (cache.size >= cacheSize) cache.delete(cache.keys().next().value as string);
    cache.set(key, value);
    return value;
  }

  return {
    kind: 'nominatim',
    search(query, { bounds, limit, language }) {
      const params = new URLSearchParams({
        q: query,
        format: 'jsonv2',
        addressdetails: '1',
        limit: String(limit),
        // viewbox is "left,top,right,bottom" (lon/lat); bounded=0 prefers the box without excluding the rest.
        viewbox: `${bounds.west},${bounds.north},${bounds.east},${bounds.south}`,
        bounded: '0',
      });
      if (options.countryCodes) params.set('countrycodes', options.countryCodes);
      if (language) params.set('accept-language', language);
      return cached(`s:${params}`, async () => {
        const answer = await http<NominatimPlace[]>('GET', `/search?${params}`);
        return (Array.isArray(answer) ? answer : [])
          .map(toPlace)
          .filter((p): p is GeoPlace => p !== undefined);
      });
    },
    reverse(lat, lng, reverseOptions = {}) {
      const params = new URLSearchParams({
        lat: lat.toFixed(6),
        lon: lng.toFixed(6),
        format: 'jsonv2',
        addressdetails: '1',
        zoom: '16',
      });
      if (reverseOptions.language) params.set('accept-language', reverseOptions.language);
      return cached(`r:${params}`, async () => {
        const answer = await http<NominatimPlace & { error?: string }>('GET', `/reverse?${params}`);
        return answer && !answer.error ? toPlace(answer) : undefined;
      });
    },
  };
}
