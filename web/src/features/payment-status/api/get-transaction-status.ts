import type { TransactionStatusResult } from '@portal/contract/api/payments';
import { call } from '@/lib/api';

/** `GET transaction/v1/status?tid=` (spec §7): the current status of a transaction. */
export function getTransactionStatus(tid: string, signal?: AbortSignal): Promise<TransactionStatusResult> {
  return call('status', { tid }, { signal });
}
