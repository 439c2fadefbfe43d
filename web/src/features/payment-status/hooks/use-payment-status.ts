import { ApiError } from '@/lib/api';
import { useEffect, useMemo, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/api';
import { trackEvent } from '@/lib/analytics';
import { useLocalePath } from '@/lib/language';
import { useHydrated } from '@/lib/hydration';
import { useLoadingWhile } from '@/lib/loading';
import { journeyOf } from '@/lib/journey-paths';
import { getPurchaseContext, storedRedirectPage } from '@/lib/purchase-context';
import { showToast } from '@/ui/toast';
import { useBackRedirect } from './use-back-redirect';
import { useLastSeen } from './use-last-seen';
import { useSeenTransaction, useTransactionOutcome } from './use-transaction-outcome';

/**
 * The payment the address names (`id` in the path or the query) as last read or seen, where Return goes, and the
 * analytics of the outcome (with the `channel` and `pg` of a chat-channel gateway).
 */
export function usePaymentStatus() {
  const localePath = useLocalePath();
  const params = useParams();
  const [search] = useSearchParams();
  const id = params.id ?? search.get('id') ?? undefined;
  const channel = search.get('channel');
  const pg = search.get('pg');

  const outcome = useTransactionOutcome(id);
  // A record still pending when the server rendered the page shows until the polling settles it.
  const seen = useSeenTransaction(id);
  // The loader stops when the record arrives or the fetch fails (spec §8).
  useLoadingWhile(Boolean(id) && outcome.isPending && !seen);

  // 'No such payment' is an answer, said on the page itself; a toast is for a fetch that failed.
  const notFound = outcome.error instanceof ApiError && outcome.error.httpStatus === 404;
  const reported = useRef<unknown>(undefined);
  useEffect(() => {
    if (outcome.isError && !notFound && reported.current !== outcome.error) {
      reported.current = outcome.error;
      showToast({ message: errorMessage(outcome.error), long: true });
    }
  }, [outcome.isError, outcome.error, notFound]);

  const offlineCopy = useLastSeen(id, outcome.data ?? seen);
  const record = offlineCopy?.record ?? outcome.data ?? seen;

  // Return goes to the page this browser stored for the purchase (sessionStorage, read once live); the
  // server's HTML, and a browser that kept none, lead back to the journey the payment was made on.
  const hydrated = useHydrated();
  const journey = journeyOf(record);
  const target = useMemo(
    () => localePath((hydrated ? storedRedirectPage(getPurchaseContext()) : undefined) ?? journey),
    [localePath, hydrated, journey],
  );
  useBackRedirect(target);
  useEffect(() => {
    if (record) {
      trackEvent('payment_status', {
        status: record.status,
        transactionType: record.transactionType,
        ...(channel ? { channel } : {}),
        ...(pg ? { pg } : {}),
      });
    }
  }, [record, channel, pg]);

  return { id, pending: outcome.isPending, notFound, offlineCopy, record, hydrated, target };
}
