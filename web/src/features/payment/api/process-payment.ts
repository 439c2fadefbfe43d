import { useMutation } from '@tanstack/react-query';
import { PATHS } from '@portal/contract/paths';
import type { ProcessRequest } from '@portal/contract/api/payments';
import { api } from '@/lib/api';

export type ProcessResult = {
  transactionId: string;
  redirectUrl?: string;
  /** Popup gateways: what the inline script needs (see use-card-payment). */
  accessCode?: string;
  reference?: string;
};

/**
 * `POST transaction/v1/process` (spec §3): asks the method's gateway to charge. With the bearer token of
 * verify-user it goes to `transaction/v1/auth/process` (PIN payments; the PIN travels encrypted in amPin).
 */
export function processPayment(payload: ProcessRequest, authorization?: string): Promise<ProcessResult> {
  return api.post<ProcessResult>(
    authorization ? PATHS.authProcess : PATHS.process,
    payload,
    authorization ? { headers: { Authorization: authorization } } : {},
  );
}

export function useProcessPayment() {
  return useMutation({ mutationFn: (payload: ProcessRequest) => processPayment(payload) });
}
