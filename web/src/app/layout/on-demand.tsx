import { lazy, Suspense } from 'react';
import { useGlobalLoading } from '@/lib/loading';
import { useOnline } from '@/lib/online';

/*
 * Parts of the layout most visits never show, loaded the first time they are needed, so that the first
 * page's script stays small (the home route's budget). The service worker keeps the offline notice's code
 * (app/service-worker.ts loads it once the worker is ready), so it can show without a connection.
 */
const OfflineNotice = lazy(() => import('./offline-notice').then((m) => ({ default: m.OfflineNotice })));
const GlobalLoadingScreen = lazy(() =>
  import('./global-loading-screen').then((m) => ({ default: m.GlobalLoadingScreen })),
);
const RouteError = lazy(() => import('../route-error').then((m) => ({ default: m.RouteError })));
const LoadingScreen = lazy(() => import('@/ui/loading-screen').then((m) => ({ default: m.LoadingScreen })));

/** Said when the phone goes offline, with the USSD way to do the same thing. */
export function OfflineNoticeWhenOffline() {
  const online = useOnline();
  if (online) return null;
  return (
    <Suspense fallback={null}>
      <OfflineNotice />
    </Suspense>
  );
}

/** The full-page loader of spec §2, while the global loading flag is on. */
export function GlobalLoadingWhenBusy() {
  const loading = useGlobalLoading();
  if (!loading) return null;
  return (
    <Suspense fallback={null}>
      <GlobalLoadingScreen />
    </Suspense>
  );
}

/** Without a server render (the development server): shown while the first route loads. */
export function FirstRouteLoading() {
  return (
    <Suspense fallback={null}>
      <LoadingScreen />
    </Suspense>
  );
}

/** The router's error page (spec §8), loaded when a route fails. */
export function RouteErrorWhenFailed() {
  return (
    <Suspense fallback={null}>
      <RouteError />
    </Suspense>
  );
}
