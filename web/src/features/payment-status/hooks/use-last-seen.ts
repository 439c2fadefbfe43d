import { useEffect, useMemo } from 'react';
import type { TransactionStatusResult } from '@portal/contract/api/payments';
import { useHydrated } from '@/lib/hydration';
import { useOnline } from '@/lib/online';
import { lastSeen, rememberSeen, type SeenRecord } from '../utils/last-seen';

/**
 * Keeps the last status this phone saw of the payment; offline, answers with it (and when it was seen),
 * so a status page opened without a connection shows its last known result rather than an error.
 */
export function useLastSeen(
  id: string | undefined,
  record: TransactionStatusResult | undefined,
): SeenRecord | undefined {
  const online = useOnline();
  const hydrated = useHydrated();
  useEffect(() => {
    // The connection as it is now (not as the first render assumed): a page opened offline shows an old
    // copy, which must not replace the newer result this phone saw before.
    if (id && record && navigator.onLine) rememberSeen(id, record);
  }, [id, record, online]);
  const stored = useMemo(
    () => (hydrated && id && !online ? lastSeen(id) : undefined),
    [hydrated, id, online],
  );
  return online ? undefined : stored;
}
