import { useQuery } from '@tanstack/react-query';
import type { HbbOffer } from '@portal/contract/api/leads';
import { call } from '@/lib/api';

/** `GET product/v1/hbb-offer`: the device (the default router when unknown) and its plans. */
export function getHbbOffer(
  device: string | undefined,
  lang: string,
  signal?: AbortSignal,
): Promise<HbbOffer> {
  return call('hbbOffer', { device, lang }, { signal });
}

export const hbbOfferQuery = (device: string | undefined, lang: string) => ({
  queryKey: ['hbb-offer', device ?? '', lang] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => getHbbOffer(device, lang, signal),
  staleTime: 5 * 60 * 1000,
});

export function useHbbOffer(device: string | undefined, lang: string) {
  return useQuery(hbbOfferQuery(device, lang));
}
