import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { useLocalePath } from '@/lib/language';
import { HomePage } from '@/features/home/components/home-page';
import { RootLayout } from './layout/root-layout';
import { LanguageScope } from './layout/language-scope';
import { RouteError } from './route-error';
import { helpRoutes } from './routes/help-routes';
import { LoadingScreen } from '@/ui/loading-screen';

function InitialLoading() {
  return <LoadingScreen />;
}

/** An absolute redirect: relative paths inside splat routes resolve against the whole splat. */
function ToPaymentStart() {
  const localePath = useLocalePath();
  return <Navigate to={localePath('/payment/start')} replace />;
}

/**
 * Every route of spec §2 that exists so far. Home is part of the entry chunk; every other route is
 * lazily loaded. The same routes live under each language prefix ('/sw/...'): the `:lang` scope checks the
 * prefix against the configured languages and shows the catch-all (About) for anything else.
 *
 * Routes still to come (their links already point here and hit the catch-all meanwhile): /storeLocator,
 * /openNetworks, /gethelp, /table, /postpaid-bill-pay, /data-bundle, /broadband-recharge,
 * /orp/fixed-internet, /hbb-lead, /hbb-lead-status, /store-locator, /contact-us.
 */
const aboutRoute = () => import('./routes/about').then((m) => ({ Component: m.AboutRoute }));

export const pageRoutes: RouteObject[] = [
  { index: true, Component: HomePage },
  { path: 'about', lazy: aboutRoute },
  {
    path: 'page-not-found',
    lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })),
  },
  {
    path: 'prepaid-recharge',
    lazy: () => import('./routes/prepaid-recharge').then((m) => ({ Component: m.PrepaidRechargeRoute })),
  },
  // Purchase journeys (issue "Every purchase journey"): feature pages, lazily loaded.
  {
    path: 'postpaid-bill-pay',
    lazy: () =>
      import('@/features/bill-pay/components/postpaid-bill-page').then((m) => ({
        Component: m.PostpaidBillPage,
      })),
  },
  {
    path: 'data-bundle',
    lazy: () =>
      import('@/features/bundles/components/data-bundle-page').then((m) => ({ Component: m.DataBundlePage })),
  },
  {
    path: 'broadband-recharge',
    lazy: () =>
      import('@/features/broadband/components/broadband-page').then((m) => ({ Component: m.BroadbandPage })),
  },
  {
    path: 'orp/fixed-internet',
    lazy: () =>
      import('@/features/fixed-internet/components/fixed-internet-page').then((m) => ({
        Component: m.FixedInternetPage,
      })),
  },
  // Home-broadband lead and its status page (issue "Home-broadband lead flow").
  {
    path: 'hbb-lead',
    lazy: () =>
      import('@/features/hbb-lead/components/hbb-lead-page').then((m) => ({ Component: m.HbbLeadPage })),
  },
  {
    path: 'hbb-lead-status',
    lazy: () =>
      import('@/features/hbb-lead/components/lead-status-page').then((m) => ({
        Component: m.LeadStatusPage,
      })),
  },
  {
    path: 'payment',
    children: [
      { index: true, Component: ToPaymentStart },
      {
        // /payment/start and its method sub-routes: start/card, start/airtime, start/{operator}-money,
        // start/mpesa, start/smartcash. The page reads the method from the URL.
        path: 'start/:method?',
        lazy: () => import('./routes/payment/start').then((m) => ({ Component: m.PaymentStartRoute })),
      },
      {
        path: 'status',
        lazy: () => import('./routes/payment/status').then((m) => ({ Component: m.PaymentStatusRoute })),
      },
      {
        path: 'status/:id',
        lazy: () => import('./routes/payment/status').then((m) => ({ Component: m.PaymentStatusRoute })),
      },
      // Unknown /payment/* paths land on the payment page (which opens the right method itself).
      { path: '*', Component: ToPaymentStart },
    ],
  },
  // Help centre, store locator, coverage map, contact and the help centre's link targets.
  ...helpRoutes,
  // Catch-all: unknown paths show About (spec §2).
  { path: '*', lazy: aboutRoute },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    // Shown while the first lazily loaded route of a visit is fetched.
    HydrateFallback: InitialLoading,
    ErrorBoundary: RouteError,
    children: [
      {
        // A second boundary inside the layout keeps header and footer around a failing page.
        ErrorBoundary: RouteError,
        children: [...pageRoutes, { path: ':lang', Component: LanguageScope, children: pageRoutes }],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
