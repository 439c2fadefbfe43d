import { PATHS } from '@portal/contract/paths';
import type { TransactionStatusResult } from '@portal/contract/api/payments';
import { api } from '@/lib/api';

/** `GET transaction/fetch?txnId=` (spec §7): the final transaction record shown on the status page. */
export function getTransaction(txnId: string, signal?: AbortSignal): Promise<TransactionStatusResult> {
  return api.get<TransactionStatusResult>(PATHS.fetch, { txnId }, { signal });
}
