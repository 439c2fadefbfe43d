import type { TransactionStatusResult } from '@portal/contract/api/payments';
import { call } from '@/lib/api';

/** `GET transaction/v1/status?tid=` (spec §7): where a push-prompt payment stands while the payer decides. */
export function getPaymentStatus(tid: string, signal?: AbortSignal): Promise<TransactionStatusResult> {
  return call('status', { tid }, { signal });
}
