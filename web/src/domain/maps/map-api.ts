import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { MapConfig, Place } from '@portal/contract/api/locations';
import { call } from '@/lib/api';

export type { MapConfig, Place };

/** Spec §9 default centre; the server's configuration overrides it. */
export const DEFAULT_CENTRE = { lat: 7.41, lng: 3.92 } as const;

/**
 * Used until the server's map settings arrive, and if they cannot be loaded: the map still shows its
 * markers and controls (tiles need the network anyway).
 */
export const DEFAULT_MAP_CONFIG: MapConfig = {
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  maxZoom: 19,
  searchBounds: { south: 4.2, west: 2.6, north: 13.9, east: 14.7 },
  centre: DEFAULT_CENTRE,
  geocoder: 'gazetteer',
};

export function getMapConfig(signal?: AbortSignal): Promise<MapConfig> {
  return call('mapConfig', {}, { signal });
}

export function useMapConfig(): MapConfig {
  const { data } = useQuery({
    queryKey: ['map-config'],
    queryFn: ({ signal }) => getMapConfig(signal),
    staleTime: Infinity,
    retry: false,
  });
  return data ?? DEFAULT_MAP_CONFIG;
}

/** Place search (city, town or 6-digit postcode): the configured geocoder, else the gazetteer of towns. */
export function searchPlaces(q: string, lang: string, signal?: AbortSignal): Promise<Place[]> {
  return call('places', { q, limit: 6, lang }, { signal });
}

/**
 * The places matching what was typed, one query per text and language: the search box's suggestions, and on
 * the server the place a plain form asked for (`?q=`, a browser without JavaScript).
 */
export function placesQueryOptions(q: string, lang: string) {
  const text = q.trim();
  return queryOptions({
    queryKey: ['places', lang, text.toLowerCase()] as const,
    queryFn: ({ signal }) => searchPlaces(text, lang, signal),
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
}

/** The address parameter of the place search: the search box's field (`name="q"`). */
export const SEARCH_PARAM = 'q';

/** The place a plain search form asked for (`?q=`): a browser without JavaScript sends the form. */
export function searchedText(search: URLSearchParams): string | undefined {
  return search.get(SEARCH_PARAM)?.trim() || undefined;
}

/** The address of a point (nearest town without a geocoder); undefined when it cannot be found. */
export async function reversePlace(lat: number, lng: number, lang: string, signal?: AbortSignal) {
  const place = await call('reversePlace', { lat, lng, lang }, { signal });
  return place ?? undefined;
}

/**
 * For a page's data: the place a plain form asked for (`?q=` of `url`), looked up and kept in the query cache
 * for the page's first render; undefined when nothing was asked or nothing found.
 */
export async function fetchSearchedPlace({
  queryClient,
  url,
  lang,
}: {
  queryClient: QueryClient;
  url: URL;
  lang: string;
}): Promise<Place | undefined> {
  const q = searchedText(url.searchParams);
  return q ? (await queryClient.fetchQuery(placesQueryOptions(q, lang)))[0] : undefined;
}

/** The place found for a plain form's `?q=` (the page's data looked it up before the first render), if any. */
export function searchedPlace(queryClient: QueryClient, q: string, lang: string): Place | undefined {
  return queryClient.getQueryData(placesQueryOptions(q, lang).queryKey)?.[0];
}
