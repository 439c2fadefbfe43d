import { useQuery } from '@tanstack/react-query';
import type { HbbDevices } from '@portal/contract/api/leads';
import { call } from '@/lib/api';

/** `GET product/v1/hbb-devices`: every home-broadband device of the market with its plans. */
export function getHbbDevices(lang: string, signal?: AbortSignal): Promise<HbbDevices> {
  return call('hbbDevices', { lang }, { signal });
}

export const hbbDevicesQuery = (lang: string) => ({
  queryKey: ['hbb-devices', lang] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => getHbbDevices(lang, signal),
  staleTime: 5 * 60 * 1000,
});

export function useHbbDevices(lang: string) {
  return useQuery(hbbDevicesQuery(lang));
}
