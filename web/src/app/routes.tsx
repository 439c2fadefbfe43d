import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { OPERATOR } from '@portal/contract/operator';
import { loadLayoutData, loadPageData, languagesOf, type AppDeps, type RouteModule } from './page-data';
import { RootLayout } from './layout/root-layout';
import { LanguageScope, UNKNOWN_PAGE } from './layout/language-scope';
import { FirstRouteLoading, RouteErrorWhenFailed } from './layout/on-demand';
import { splitLanguagePath, withLanguagePrefix } from '@/lib/language';

/**
 * The one route table (spec §2), for the server's render and the browser alike (docs/decisions/0050).
 * A route names its module, `app/routes/<module>.tsx` (the page's component and the data its first render
 * needs); several routes may share one (the store locator's three paths, the status page's two). Modules
 * load lazily: the browser fetches the first URL's before it hydrates (main.tsx) and the others on
 * navigation; the server's bundle holds them all. The same pages live under each language prefix of the
 * configuration (`/sw/...`, `/ha/...`; English has none): the optional `:lang` segment, checked by
 * LanguageScope, which shows the catch-all for an unknown prefix.
 */
type PageRoute = { id: string; path?: string; module: string };

/**
 * Where a loader finds the query cache and the texts: the browser's are the visit's; the server builds the
 * table once and hands each request's in the loader's `context` (entry-server.tsx), since compiling the
 * table's paths again for every request cost about a tenth of a page's render.
 */
export type DepsOf = (args: { context: unknown }) => AppDeps;

/** The route modules by file; the server maps a page's module to its built chunks and styles. */
const ROUTE_MODULES = import.meta.glob<RouteModule>(['./routes/*.tsx', '!./routes/*.test.tsx']);

export function routeModuleFile(module: string): string {
  return `src/app/routes/${module}.tsx`;
}

export function loadRouteModule(module: string): Promise<RouteModule> {
  const load = ROUTE_MODULES[`./routes/${module}.tsx`];
  if (!load) throw new Error(`no route module ${module}`);
  return load();
}

const PAGES: readonly PageRoute[] = [
  { id: 'home', module: 'home' },
  { id: 'about', path: 'about', module: 'about' },
  { id: 'page-not-found', path: 'page-not-found', module: 'not-found' },
  { id: 'prepaid-recharge', path: 'prepaid-recharge', module: 'prepaid-recharge' },
  { id: 'postpaid-bill-pay', path: 'postpaid-bill-pay', module: 'postpaid-bill-pay' },
  { id: 'data-bundle', path: 'data-bundle', module: 'data-bundle' },
  { id: 'broadband-recharge', path: 'broadband-recharge', module: 'broadband-recharge' },
  { id: 'fixed-internet', path: 'orp/fixed-internet', module: 'fixed-internet' },
  // The device/plan product view whose choice /hbb-lead reads (spec §2 "reads saved device details").
  { id: 'home-broadband', path: 'home-broadband', module: 'home-broadband' },
  { id: 'hbb-lead', path: 'hbb-lead', module: 'hbb-lead' },
  { id: 'hbb-lead-status', path: 'hbb-lead-status', module: 'hbb-lead-status' },
  // /payment/start and its method sub-routes: start/card, start/airtime, start/{operator}-money, ...
  { id: 'payment-start', path: 'payment/start/:method?', module: 'payment-start' },
  { id: 'payment-status', path: 'payment/status', module: 'payment-status' },
  { id: 'payment-status-id', path: 'payment/status/:id', module: 'payment-status' },
  { id: 'gethelp', path: 'gethelp', module: 'gethelp' },
  // Spec §2: "/table exists, content not shown": the market's tariffs (recharge limits and plans).
  { id: 'table', path: 'table', module: 'table' },
  { id: 'store-locator', path: 'storeLocator', module: 'store-locator' },
  // The help centre's 'Find a Store' target (spec §2) and its configured shop and dealer links.
  { id: 'find-a-store', path: 'store-locator', module: 'store-locator' },
  { id: 'shops', path: `store_finder/${OPERATOR}_shop`, module: 'store-locator' },
  { id: 'dealers', path: 'store_finder/dealers', module: 'dealers' },
  { id: 'coverage', path: 'openNetworks', module: 'coverage' },
  { id: 'contact-us', path: 'contact-us', module: 'contact-us' },
  // The privacy notice (content page privacy-policy-config, spec §7), linked from every page's footer.
  { id: 'privacy-policy', path: 'privacy-policy', module: 'privacy-policy' },
  { id: 'feedback', path: 'give_your_feedback', module: 'feedback' },
  // What the service worker shows for a page never opened on this phone, when it is offline.
  { id: 'offline', path: 'offline', module: 'offline' },
  { id: 'mobile-money-loans', path: `more-${OPERATOR}-money`, module: 'mobile-money-loans' },
  // Catch-all: unknown paths show About (spec §2); the server's render answers it with 404
  // (entry-server.tsx), as it does for an unknown language prefix.
  { id: UNKNOWN_PAGE, path: '*', module: 'about' },
];

/**
 * /payment and any other /payment/* path that is not a route of its own are redirected to /payment/start,
 * in the same language (the payment page then opens the method of the URL or the first card option).
 */
async function toPaymentStart(depsOf: DepsOf, args: LoaderFunctionArgs) {
  const languages = await languagesOf(depsOf(args).queryClient);
  const { request } = args;
  const { language } = splitLanguagePath(new URL(request.url).pathname, languages);
  return redirect(withLanguagePrefix('/payment/start', language));
}

function pageRoute(depsOf: DepsOf, page: PageRoute): RouteObject {
  return {
    id: page.id,
    ...(page.path === undefined ? { index: true } : { path: page.path }),
    handle: { module: page.module },
    lazy: async () => {
      const module = await loadRouteModule(page.module);
      return {
        Component: module.Component,
        loader: (args: LoaderFunctionArgs) => loadPageData(depsOf(args), module.data, args),
      };
    },
  };
}

export function createRoutes(depsOf: DepsOf): RouteObject[] {
  const paymentRedirects: RouteObject[] = [
    { id: 'payment', path: 'payment', loader: (args) => toPaymentStart(depsOf, args) },
    { id: 'payment-other', path: 'payment/*', loader: (args) => toPaymentStart(depsOf, args) },
  ];
  return [
    {
      id: 'root',
      path: '/',
      Component: RootLayout,
      loader: (args) => loadLayoutData(depsOf(args), args),
      // The root's path stays '/' when the visitor switches language, so React Router would keep its first
      // load: the new language's main texts (`translation`) were then never loaded, and a page switched
      // client-side to Swahili stayed in English wherever its texts come from that catalogue.
      shouldRevalidate: ({ currentParams, nextParams, defaultShouldRevalidate }) =>
        defaultShouldRevalidate || currentParams['lang'] !== nextParams['lang'],
      // Without a server render (the development server), shown while the first route loads.
      HydrateFallback: FirstRouteLoading,
      ErrorBoundary: RouteErrorWhenFailed,
      children: [
        {
          // A second boundary inside the layout keeps header and footer around a failing page.
          id: 'page-boundary',
          ErrorBoundary: RouteErrorWhenFailed,
          children: [
            {
              id: 'lang',
              path: ':lang?',
              Component: LanguageScope,
              children: [...PAGES.map((page) => pageRoute(depsOf, page)), ...paymentRedirects],
            },
          ],
        },
      ],
    },
  ];
}
