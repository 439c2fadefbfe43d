import { useQuery } from '@tanstack/react-query';
import type { PaymentOption, TransactionType } from '@portal/contract/api/payments';
import { call } from '@/lib/api';

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
  const result = await call('paymentOptions', input, { signal });
  return result.paymentOption ?? [];
}

export const paymentOptionsQuery = (input: PaymentOptionsInput) => ({
  queryKey: ['payment-options', input] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => getPaymentOptions(input, signal),
  staleTime: 5 * 60 * 1000,
});

export function usePaymentOptions(input: PaymentOptionsInput | undefined) {
  return useQuery({
    ...paymentOptionsQuery(input!),
    enabled: input !== undefined,
  });
}
