import { lazy, Suspense } from 'react';
import { HomePage } from '@/features/home/components/home-page';
import { homepageConfigQuery } from '@/features/home/api/get-homepage-config';
import { mayHaveRecentPayments } from '@/features/payment-status/utils/seen-key';
import { useHydrated } from '@/lib/hydration';
import type { PageData } from '../page-data';

/** The visitor's recent payments, below the journeys: loaded only when this phone has some. */
const RecentPayments = lazy(() =>
  import('@/features/payment-status/components/recent-payments').then((m) => ({ default: m.RecentPayments })),
);

export function Component() {
  const hydrated = useHydrated();
  return (
    <>
      <HomePage />
      {hydrated && mayHaveRecentPayments() ? (
        <Suspense fallback={null}>
          <RecentPayments />
        </Suspense>
      ) : null}
    </>
  );
}

export const data: PageData = {
  prefetch: ({ queryClient, lang }) => queryClient.prefetchQuery(homepageConfigQuery(lang)),
};
