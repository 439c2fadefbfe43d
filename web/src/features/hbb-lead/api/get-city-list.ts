import { useQuery } from '@tanstack/react-query';
import { CITY_LIST_CODE, type CityEntry } from '@portal/contract/forms';
import { call } from '@/lib/api';

/** The town list of spec §7 (form config 'city-config'; answer in result.data). */
export async function getCityList(signal?: AbortSignal): Promise<CityEntry[]> {
  const result = await call('cityList', { code: CITY_LIST_CODE }, { signal });
  return Array.isArray(result?.data) ? result.data : [];
}

export const cityListQuery = {
  queryKey: ['city-list', CITY_LIST_CODE] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => getCityList(signal),
  staleTime: 10 * 60 * 1000,
};

export function useCityList() {
  return useQuery(cityListQuery);
}
