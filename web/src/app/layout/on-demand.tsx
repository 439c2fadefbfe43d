import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
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
// The offline route's own module: the service worker keeps it on the first visit (app/service-worker.ts).
const OfflinePage = lazy(() => import('../routes/offline').then((m) => ({ default: m.Component })));
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

/**
 * The router's error page (spec §8), loaded when a route fails. Offline, a route fails because its code or
 * texts were never loaded on this phone: that is the offline page's case (the USSD codes, try again), not an
 * application error, and the error page's own code may not be at hand either.
 */
export function RouteErrorWhenFailed() {
  const online = useOnline();
  const location = useLocation();
  return (
    <Suspense fallback={null}>
      {online ? <RouteError /> : <OfflinePage retryPath={location.pathname + location.search} />}
    </Suspense>
  );
}
