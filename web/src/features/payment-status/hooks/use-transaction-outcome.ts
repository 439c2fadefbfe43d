import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { TransactionStatusResult } from '@portal/contract/api/payments';
import { getTransaction } from '../api/get-transaction';
import { getTransactionStatus } from '../api/get-transaction-status';
import { pollTransaction } from '../utils/poll-transaction';
import { isPushMode, PENDING_STATUSES } from '../utils/status-view';

const outcomeKey = (id: string | undefined) => ['transaction-outcome', id] as const;
const seenKey = (id: string | undefined) => ['transaction-seen', id] as const;

export function isPendingStatus(status: string): boolean {
  return PENDING_STATUSES.includes(String(status ?? '').toUpperCase());
}

/**
 * The server's render of the status page: the record as it stands. A final one is the page's outcome (the
 * browser does not poll again); a pending one is shown while the browser polls (spec §4), and without
 * JavaScript the page refreshes itself until it is final.
 */
export async function prefetchTransaction(queryClient: QueryClient, id: string): Promise<void> {
  // Already known (the page pushes a history entry of its own on arrival, which runs the loader again).
  const known = [outcomeKey(id), seenKey(id)].some((key) => queryClient.getQueryState(key) !== undefined);
  if (known) return;
  try {
    const record = await getTransaction(id);
    queryClient.setQueryData(isPendingStatus(record.status) ? seenKey(id) : outcomeKey(id), record);
  } catch (error) {
    // An unknown or unreadable transaction: the page says so, on the server and in the browser alike.
    await queryClient.prefetchQuery({ queryKey: outcomeKey(id), queryFn: () => Promise.reject(error) });
  }
}

export function seenStillPending(queryClient: QueryClient, id: string | undefined): boolean {
  return queryClient.getQueryData(seenKey(id)) !== undefined;
}

/** The record the server saw when it rendered the page, if it was still pending then. */
export function useSeenTransaction(id: string | undefined): TransactionStatusResult | undefined {
  return useQuery<TransactionStatusResult>({
    queryKey: seenKey(id),
    queryFn: () => Promise.reject(new Error('only filled by the server render')),
    enabled: false,
    staleTime: Infinity,
  }).data;
}

/** A prompt on the payer's phone is looked at again every 10 s (spec §9's mobile money poll), for 10 minutes. */
export const PROMPT_LOOK_MS = 10_000;
export const PROMPT_LOOKS = 60;

/**
 * A prompt payment (mobile money push, MPESA) stays IN_PROCESS until the payer answers it on the phone, which
 * the 1 s polling of spec §4 (REQUEST_REGISTERED only) would never see: the page keeps looking, as it does
 * without JavaScript by reloading itself, so the outcome shows without a reload.
 */
export function promptLookInterval(
  record: TransactionStatusResult | undefined,
  looks: number,
): number | false {
  const waiting = record && isPendingStatus(record.status) && isPushMode(record.paymentMode);
  return waiting && looks < PROMPT_LOOKS ? PROMPT_LOOK_MS : false;
}

/** Polls the status (spec §4) and resolves with the final record; a prompt payment is looked at until answered. */
export function useTransactionOutcome(id: string | undefined) {
  return useQuery({
    queryKey: outcomeKey(id),
    queryFn: ({ signal }) =>
      pollTransaction(id!, { getStatus: getTransactionStatus, getRecord: getTransaction, signal }),
    refetchInterval: (query) => promptLookInterval(query.state.data, query.state.dataUpdateCount),
    enabled: Boolean(id),
    retry: false,
    // A failure the server's render already showed is not asked again when the page hydrates.
    retryOnMount: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}
