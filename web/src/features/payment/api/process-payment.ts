import { useMutation } from '@tanstack/react-query';
import { PATHS } from '@portal/contract/paths';
import type { ProcessRequest } from '@portal/contract/api/payments';
import { api } from '@/lib/api';

export type ProcessResult = {
  transactionId: string;
  redirectUrl?: string;
  /** Popup gateways: what the inline script needs (seam, see use-card-payment). */
  accessCode?: string;
  reference?: string;
};

/** `POST transaction/v1/process` (spec §3): asks the method's gateway to charge. */
export function processPayment(payload: ProcessRequest): Promise<ProcessResult> {
  return api.post<ProcessResult>(PATHS.process, payload);
}

export function useProcessPayment() {
  return useMutation({ mutationFn: processPayment });
}
