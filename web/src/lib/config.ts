import { useQuery } from '@tanstack/react-query';
import { MARKET } from './market';
import type { ConfigData } from '@portal/contract/api/config';
import { call } from './api';

export type { ConfigData };

export async function getConfig(signal?: AbortSignal): Promise<ConfigData> {
  const result = await call('config', { code: MARKET }, { signal });
  return result.configData;
}

export const configQueryOptions = {
  queryKey: ['config', MARKET] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => getConfig(signal),
  staleTime: 30 * 60 * 1000,
};

/** configData of spec §3 (keys in contract/src/api/config.ts). */
export function useConfig() {
  return useQuery(configQueryOptions);
}
