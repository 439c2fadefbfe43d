import { createContext, createElement, useContext, type ReactNode } from 'react';
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

const ConfigContext = createContext<ConfigData | undefined>(undefined);

/**
 * The one subscription to the configuration, for the whole app: every layout part and page reads it (the
 * languages alone are read by half a dozen hooks of each page), and a query observer each cost a tenth of a
 * page's hydration on a cheap phone (CPU profile at 4x slowdown).
 */
export function ConfigProvider({ children }: { children: ReactNode }) {
  const { data } = useQuery(configQueryOptions);
  return createElement(ConfigContext.Provider, { value: data }, children);
}

/** configData of spec §3 (keys in contract/src/api/config.ts); undefined until it has loaded. */
export function useConfig(): { data: ConfigData | undefined } {
  return { data: useContext(ConfigContext) };
}
