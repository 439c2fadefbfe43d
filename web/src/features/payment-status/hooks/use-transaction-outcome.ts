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

/** How long the live page keeps looking at a pending payment (the page without JavaScript reloads itself). */
export const LOOK_FOR_MS = 10 * 60_000;
/** A prompt on the payer's phone every 10 s (spec §9's mobile money poll); a payment being delivered every 5 s. */
export const PROMPT_LOOK_MS = 10_000;
export const PENDING_LOOK_MS = 5_000;

/**
 * After spec §4's polling (1 s while REQUEST_REGISTERED, 5 times) a payment may still be pending: a prompt
 * (mobile money push, MPESA) until the payer answers it on the phone, a paid one while the network delivers it
 * (or, failing that, refunds it). The page keeps looking, for ten minutes, so the outcome shows without a reload
 * and nobody pays again thinking the payment stuck.
 */
export function pendingLookInterval(
  record: TransactionStatusResult | undefined,
  looks: number,
): number | false {
  if (!record || !isPendingStatus(record.status)) return false;
  const interval = isPushMode(record.paymentMode) ? PROMPT_LOOK_MS : PENDING_LOOK_MS;
  return looks * interval < LOOK_FOR_MS ? interval : false;
}

/** Polls the status (spec §4) and resolves with the final record; a pending one is looked at again until settled. */
export function useTransactionOutcome(id: string | undefined) {
  return useQuery({
    queryKey: outcomeKey(id),
    queryFn: ({ signal }) =>
      pollTransaction(id!, { getStatus: getTransactionStatus, getRecord: getTransaction, signal }),
    refetchInterval: (query) => pendingLookInterval(query.state.data, query.state.dataUpdateCount),
    enabled: Boolean(id),
    retry: false,
    // A failure the server's render already showed is not asked again when the page hydrates.
    retryOnMount: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}
