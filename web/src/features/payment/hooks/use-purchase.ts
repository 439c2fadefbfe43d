import { useEffect, useMemo } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PURCHASE_PARAM, type RenderCapabilities } from '@portal/contract/render';
import { useHydrated } from '@/lib/hydration';
import {
  asPurchaseContext,
  getPurchaseContext,
  savePurchaseContext,
  sealedPurchaseKey,
  type PurchaseContext,
  type SealedPurchase,
} from '@/lib/purchase-context';
import { uuid } from '@/lib/uuid';

/** The server's render of /payment/start?purchase=: opens the sealed purchase (null when it cannot). */
export function openSealedPurchase(
  queryClient: QueryClient,
  token: string,
  server: RenderCapabilities,
): PurchaseContext | undefined {
  const context = asPurchaseContext(server.openPurchase(token));
  const sealed: SealedPurchase | null = context ? { context, attempt: uuid() } : null;
  queryClient.setQueryData(sealedPurchaseKey(token), sealed);
  return context;
}

export type Purchase = {
  /** The purchase being paid, once known. */
  context: PurchaseContext | undefined;
  /** The Idempotency-Key of the plain form's card payment (sealed purchases only). */
  attempt: string | undefined;
  /** Still unknown: the purchase lives in this browser's sessionStorage, read once the page is live. */
  pending: boolean;
};

/**
 * The purchase of the payment page: a sealed one from the URL (the server rendered it), else the one this
 * browser stored (spec §3 queryData), which only the live page can read. A sealed purchase is stored too,
 * so the scripted flows and the status page's Return work with it.
 */
export function usePurchase(): Purchase {
  const [params] = useSearchParams();
  const token = params.get(PURCHASE_PARAM);
  const sealed = useQuery<SealedPurchase | null>({
    queryKey: sealedPurchaseKey(token),
    queryFn: () => Promise.resolve(null),
    enabled: false,
    staleTime: Infinity,
  }).data;
  const hydrated = useHydrated();
  const stored = useMemo(() => (hydrated ? getPurchaseContext() : undefined), [hydrated]);

  useEffect(() => {
    if (sealed?.context) savePurchaseContext(sealed.context);
  }, [sealed]);

  const context = sealed?.context ?? stored;
  return { context, attempt: sealed?.attempt, pending: !context && !hydrated && token === null };
}
