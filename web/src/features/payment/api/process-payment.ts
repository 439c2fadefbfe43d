import { useMutation } from '@tanstack/react-query';
import type { ProcessRequest } from '@portal/contract/api/payments';
import type { ResultOf } from '@portal/contract/endpoints';
import { call } from '@/lib/api';

/** The answer of process: the contract's (`processResponse`). */
export type ProcessResult = ResultOf<'process'>;

/**
 * `POST transaction/v1/process` (spec §3): asks the method's gateway to charge. With the bearer token of
 * verify-user it goes to `transaction/v1/auth/process` (PIN payments; the PIN travels encrypted in amPin).
 */
export function processPayment(payload: ProcessRequest, authorization?: string): Promise<ProcessResult> {
  return call(
    authorization ? 'authProcess' : 'process',
    payload,
    authorization ? { headers: { Authorization: authorization } } : {},
  );
}

export function useProcessPayment() {
  return useMutation({ mutationFn: (payload: ProcessRequest) => processPayment(payload) });
}
