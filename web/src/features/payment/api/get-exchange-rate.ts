import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';

/**
 * `POST transaction/get/exchange/rate {fromCurrency: 'USD', toCurrency: 'CDF', amount}` -> result.convertedAmount
 * (spec §7): the dual-currency display of another market. Only asked when the purchase has dual currency on.
 */
export async function getExchangeRate(amount: number, signal?: AbortSignal): Promise<number> {
  const result = await call('exchangeRate', { fromCurrency: 'USD', toCurrency: 'CDF', amount }, { signal });
  const converted = Number(result?.convertedAmount);
  if (!Number.isFinite(converted)) throw new Error('exchange rate returned no convertedAmount');
  return converted;
}

export function useExchangeRate(usdAmount: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['exchange-rate', 'USD', 'CDF', usdAmount],
    queryFn: ({ signal }) => getExchangeRate(usdAmount!, signal),
    enabled: enabled && usdAmount !== undefined,
    retry: false,
    staleTime: 10 * 60 * 1000,
  });
}
