/**
 * The server's render of a page (docs/decisions/0050): the same route table, loaders and components as the
 * browser, rendered to HTML with Preact, with the queries the render used handed over for hydration. The
 * portal server imports this bundle once per market and calls `render` per page request; it supplies the
 * transport (an in-process call into its own API) with `init`.
 */
import { StrictMode } from 'react';
import { renderToStringAsync } from 'preact-render-to-string';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  matchRoutes,
  StaticRouterProvider,
  type StaticHandler,
  type StaticHandlerContext,
} from 'react-router';
import type { RenderCapabilities, RenderResult } from '@portal/contract/render';
import { setTransport } from './lib/api';
import { configQueryOptions, type ConfigData } from './lib/config';
import { contentQueryOptions } from './lib/content';
import { createI18n, type I18n } from './lib/i18n';
import { languageOfUrl, languagesOf, type AppDeps, type PageData } from './app/page-data';
import { META_PAGE, pageMeta, type MetaConfig } from './lib/page-meta';
import { AppProvider } from './app/provider';
import { createRoutes, loadRouteModule, routeModuleFile } from './app/routes';
import { languagePrefixes, loadAboutPage, pageIdOf, UNKNOWN_PAGE } from './app/layout/language-scope';
import { serialiseState, type ServerState } from './app/server-state';
import { withServerActions } from '@/server/actions';

let capabilities: RenderCapabilities | undefined;

export function init(options: { fetch: typeof fetch; capabilities: RenderCapabilities }): void {
  setTransport(options.fetch);
  capabilities = options.capabilities;
  // The unknown-prefix page renders synchronously (in this bundle its module is already here).
  void loadAboutPage();
}

function createServerQueryClient(): QueryClient {
  // One request, one render: nothing is retried or refetched here; the browser does that.
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
}

/** One i18next instance per request, forked from a template per language (cheaper than a new init). */
const templates = new Map<string, I18n>();
function requestI18n(lang: string): I18n {
  let template = templates.get(lang);
  if (!template) templates.set(lang, (template = createI18n(lang)));
  return template.cloneInstance({ lng: lang, forkResourceStore: true });
}

/** A request's query cache and texts, which its render hands its loaders and form handlers. */
function requestDeps({ context }: { context: unknown }): AppDeps {
  const deps = context as Partial<AppDeps> | undefined;
  if (!deps?.queryClient || !deps.i18n) throw new Error('a loader ran without its request');
  return deps as AppDeps;
}

/** The route table, built once: a request's own state reaches its loaders as their `context`. */
let routeHandler: StaticHandler | undefined;
function staticHandler(): StaticHandler {
  routeHandler ??= createStaticHandler(withServerActions(createRoutes(requestDeps), requestDeps));
  return routeHandler;
}

export async function render(request: Request): Promise<RenderResult> {
  const queryClient = createServerQueryClient();
  const url = new URL(request.url);
  const lang = await languageOfUrl(queryClient, url);
  const i18n = requestI18n(lang);
  if (!capabilities) throw new Error('the render bundle was not initialised');
  const requestContext: AppDeps = { queryClient, i18n, server: capabilities };
  const handler = staticHandler();
  const answer = await handler.query(request, { requestContext });
  // A form sent to a page that takes none (web/src/server/actions.ts lists those that do): mostly bots, or a
  // form kept in an old tab. React Router refuses it with its own 405, which the page would show as the English
  // 'Unexpected Application Error!' (and the server counted as a 500). The visitor is shown the page itself, as
  // a GET renders it and in the address's language: it is the page they asked for, with its links and forms to
  // go on from, where an error or a not-found page would send them looking for it again. Its status stays 405
  // (pageOf), and the server adds `Allow` (server/src/modules/pages/routes.ts).
  const refused = !(answer instanceof Response) && sentWhereNoFormIs(answer);
  const context = refused ? await handler.query(asGet(request), { requestContext }) : answer;
  if (context instanceof Response) {
    const location = context.headers.get('location') ?? '/';
    const page = await pageIdOfMatches(matchRoutes(handler.dataRoutes, url.pathname) ?? [], queryClient);
    return { kind: 'redirect', status: context.status, location, ...(page ? { page } : {}) };
  }

  const router = createStaticRouter(handler.dataRoutes, context);
  const html = await renderToStringAsync(
    <StrictMode>
      <AppProvider queryClient={queryClient} i18n={i18n}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );

  const state: ServerState = {
    // Failed queries too: the page shows their error, and the browser must start from the same state. Not
    // the titles of every page: the head already has this one's; the browser asks when it navigates.
    queries: dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => query.state.status !== 'pending' && query.queryKey[1] !== META_PAGE,
    }),
    ...(context.errors ? {} : { router: { loaderData: context.loaderData, actionData: context.actionData } }),
  };
  const page = await pageOf(context, queryClient, url, lang, refused);
  const failure = routeFailure(context);
  return {
    kind: 'page',
    status: page.status,
    page: page.id,
    // What a loader or a form handler threw, which the page shows as the error page: the server logs it.
    ...(failure ? { error: failure.error } : {}),
    lang,
    title: page.title,
    description: page.description,
    html,
    state: serialiseState(state),
    modules: page.modules,
    ...(page.refreshSeconds ? { refreshSeconds: page.refreshSeconds } : {}),
    ...(page.personal ? { personal: true } : {}),
  };
}

/** The page the matched routes make (a rendered page's, or a form's answered with a redirect). */
async function pageIdOfMatches(
  matches: readonly { route: { id: string }; params: Record<string, string | undefined> }[],
  queryClient: QueryClient,
) {
  return pageIdOf(
    matches.map((m) => ({ id: m.route.id, params: m.params })),
    languagePrefixes(await languagesOf(queryClient)),
  );
}

/** React Router's refusal of a request whose route has no action (a form sent to a page that takes none). */
function sentWhereNoFormIs(context: StaticHandlerContext): boolean {
  return (
    context.statusCode === 405 &&
    Object.values(context.errors ?? {}).some((error) => isRouteErrorResponse(error) && error.status === 405)
  );
}

/** The same address asked for as a page: no body, nor the headers that described the form's. */
function asGet(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete('content-type');
  headers.delete('content-length');
  return new Request(request.url, { method: 'GET', headers, signal: request.signal });
}

/** The first error a route's loader or action threw (the page then shows the router's error page). */
function routeFailure(context: StaticHandlerContext): { error: unknown } | undefined {
  const errors = Object.values(context.errors ?? {});
  return errors.length ? { error: errors[0] } : undefined;
}

const NOT_FOUND_PAGES = new Set<string | undefined>([UNKNOWN_PAGE, 'page-not-found']);

/** What the HTML around the app says of the matched page: status, title, description, modules, refresh. */
async function pageOf(
  context: StaticHandlerContext,
  queryClient: QueryClient,
  url: URL,
  lang: string,
  refused: boolean,
) {
  const matches = context.matches;
  const deepest = matches.at(-1);
  const pageId = await pageIdOfMatches(matches, queryClient);

  const moduleNames = matches
    .map((m) => (m.route.handle as { module?: string } | undefined)?.module)
    .filter((m): m is string => typeof m === 'string');
  const data = await Promise.all(moduleNames.map(async (m) => (await loadRouteModule(m)).data));
  const dataContext = { queryClient, lang, url, params: deepest?.params ?? {} };
  const refreshSeconds = data
    .map((d: PageData | undefined) => d?.refreshSeconds?.(dataContext))
    .find((s) => s !== undefined);

  const meta = pageMeta(
    queryClient.getQueryData<MetaConfig>(contentQueryOptions(META_PAGE, lang).queryKey),
    pageId,
    queryClient.getQueryData<ConfigData>(configQueryOptions.queryKey)?.brandName,
  );
  return {
    id: pageId ?? UNKNOWN_PAGE,
    // An unknown address stays 404 whatever its method: there is no page there to refuse a method of. The
    // not-found page (where a gateway's return with an unknown reference lands) says so to crawlers too.
    status: context.errors ? 500 : NOT_FOUND_PAGES.has(pageId) ? 404 : refused ? 405 : context.statusCode,
    ...meta,
    modules: moduleNames.map(routeModuleFile),
    refreshSeconds,
    personal: data.some((d) => d?.personal),
  };
}
