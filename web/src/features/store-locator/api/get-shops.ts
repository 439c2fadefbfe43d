import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { fetchSearchedPlace } from '@/domain/maps/map-api';
import { MARKET } from '@/lib/market';
import type { Shop, ShopType } from '@portal/contract/api/locations';
import { call } from '@/lib/api';

export type { Shop, ShopType };

/** Spec §9: shop search radius. */
export const SHOP_RADIUS_KM = 100;

export type Origin = { lat: number; lng: number };

/** `GET cms/maps/{operator}shopsbycoordinates` (spec §7): shops within 100 km, nearest first. */
export function getShops(
  origin: Origin,
  type: ShopType,
  lang: string,
  signal?: AbortSignal,
): Promise<Shop[]> {
  return call(
    'shops',
    {
      opco: MARKET,
      longitude: origin.lng.toFixed(6),
      latitude: origin.lat.toFixed(6),
      distanceInKilometers: SHOP_RADIUS_KM,
      ...(type === 'dealer' ? { type } : {}),
    },
    { signal, headers: { lang } },
  );
}

function shopsQueryOptions(origin: Origin | undefined, type: ShopType, lang: string) {
  return queryOptions({
    queryKey: ['shops', type, origin?.lat, origin?.lng, lang] as const,
    queryFn: ({ signal }) => getShops(origin!, type, lang, signal),
    enabled: origin !== undefined,
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
}

export function useShops(origin: Origin | undefined, type: ShopType, lang: string) {
  return useQuery(shopsQueryOptions(origin, type, lang));
}

/**
 * The page data's prefetch of the store locator of `type`: for a plain search form's `?q=` (a browser without
 * JavaScript), the place, then the shops near it, so that the HTML already lists them. The page reads both
 * from the query cache.
 */
export function prefetchShopsOfUrl(type: ShopType) {
  return async (context: { queryClient: QueryClient; url: URL; lang: string }) => {
    const place = await fetchSearchedPlace(context);
    if (place) await context.queryClient.prefetchQuery(shopsQueryOptions(place, type, context.lang));
  };
}
