import { useMutation } from '@tanstack/react-query';
import { PATHS } from '@portal/contract/paths';
import type { InitiateRequest } from '@portal/contract/api/payments';
import { api } from '@/lib/api';

export type InitiateResult = { transactionId: string; encryptionKeyDetails?: { key: string } };

/**
 * `POST transaction/v1/initiate` with the initiation payload (spec §3). The Idempotency-Key belongs to the
 * purchase attempt (kept in the purchase context), so a retry after a lost answer gets the same transaction.
 */
export function initiatePayment(payload: InitiateRequest, idempotencyKey: string): Promise<InitiateResult> {
  return api.post<InitiateResult>(PATHS.initiate, payload, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useInitiatePayment() {
  return useMutation({
    mutationFn: ({ payload, idempotencyKey }: { payload: InitiateRequest; idempotencyKey: string }) =>
      initiatePayment(payload, idempotencyKey),
  });
}
