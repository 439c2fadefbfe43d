import type { TransactionStatusResult } from '@portal/contract/api/payments';
import { call } from '@/lib/api';

/** `GET transaction/fetch?txnId=` (spec §7): the final transaction record shown on the status page. */
export function getTransaction(txnId: string, signal?: AbortSignal): Promise<TransactionStatusResult> {
  return call('fetch', { txnId }, { signal });
}
