import { useQuery } from '@tanstack/react-query';
import { getTransaction } from '../api/get-transaction';
import { getTransactionStatus } from '../api/get-transaction-status';
import { pollTransaction } from '../utils/poll-transaction';

/** Polls the status (spec §4) and resolves with the final record. */
export function useTransactionOutcome(id: string | undefined) {
  return useQuery({
    queryKey: ['transaction-outcome', id],
    queryFn: ({ signal }) =>
      pollTransaction(id!, { getStatus: getTransactionStatus, getRecord: getTransaction, signal }),
    enabled: Boolean(id),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}
