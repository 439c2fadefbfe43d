import { useQuery } from '@tanstack/react-query';
import type { BundlesRequest } from '@portal/contract/api/catalogue';
import { call } from '@/lib/api';

/** A kind of plan of the market's catalogue: prepaid mobile bundles, or broadband and MiFi plans. */
export type PlanKind = { lineType: 'PREPAID' } | { serviceType: 'BROADBAND' };

/** `POST product/v1/bundle` with a kind instead of a number (spec §7: `{serviceType}`). */
export const plansQuery = (kind: PlanKind) => ({
  queryKey: ['plans', kind] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => call('bundles', kind as BundlesRequest, { signal }),
  staleTime: 10 * 60 * 1000,
});

export function usePlans(kind: PlanKind) {
  return useQuery(plansQuery(kind));
}
