import { useQuery } from '@tanstack/react-query';
import { PATHS } from '@portal/contract/paths';
import type { PaymentOption, TransactionType } from '@portal/contract/api/payments';
import { api } from '@/lib/api';

export type PaymentOptionsInput = {
  amount: number;
  mobileNumber: string;
  subscriberType: string;
  rechargeType: string;
  transactionType: TransactionType;
};

/** `POST transaction/v1/payment-options` -> result.paymentOption[] (spec §7). */
export async function getPaymentOptions(
  input: PaymentOptionsInput,
  signal?: AbortSignal,
): Promise<PaymentOption[]> {
  const result = await api.post<{ paymentOption?: PaymentOption[] }>(PATHS.paymentOptions, input, { signal });
  return result.paymentOption ?? [];
}

export function usePaymentOptions(input: PaymentOptionsInput | undefined) {
  return useQuery({
    queryKey: ['payment-options', input],
    queryFn: ({ signal }) => getPaymentOptions(input!, signal),
    enabled: input !== undefined,
    staleTime: 5 * 60 * 1000,
  });
}
