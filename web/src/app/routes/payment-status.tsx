import { PaymentStatusPage } from '@/features/payment-status/components/payment-status-page';
import {
  prefetchTransaction,
  seenStillPending,
} from '@/features/payment-status/hooks/use-transaction-outcome';
import type { PageData, PageDataContext } from '../page-data';

/** /payment/status?id={transactionId} and /payment/status/{id} (also ?channel=&pg= from a chat channel). */
export const Component = PaymentStatusPage;
const idOf = ({ url, params }: PageDataContext) => params['id'] ?? url.searchParams.get('id') ?? undefined;

export const data: PageData = {
  prefetch: (context) => {
    const id = idOf(context);
    return id ? prefetchTransaction(context.queryClient, id) : Promise.resolve();
  },
  // Without JavaScript the page cannot poll: it reloads itself until the payment is final.
  personal: true,
  refreshSeconds: (context) => (seenStillPending(context.queryClient, idOf(context)) ? 3 : undefined),
};
