import { useQuery } from '@tanstack/react-query';
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

export function useShops(origin: Origin | undefined, type: ShopType, lang: string) {
  return useQuery({
    queryKey: ['shops', type, origin?.lat, origin?.lng, lang],
    queryFn: ({ signal }) => getShops(origin!, type, lang, signal),
    enabled: origin !== undefined,
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
}
