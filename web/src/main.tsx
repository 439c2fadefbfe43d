// Global styles first, so component styles loaded after them can refine the shared classes.
import './styles/global.css';
import { StrictMode, useEffect, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { configQueryOptions, type ConfigData } from './lib/config';
import { setPageLanguage } from './lib/api';
import { setDefaultErrorText } from './lib/default-error-text';
import { markHydratedAfterLaterParts } from './lib/hydration';
import { takeEntriesBeforeLive } from './lib/entries-before-live';
import { nextTask } from './lib/sleep';
import { DEFAULT_LANGUAGES, splitLanguagePath } from './lib/language';
import { addCataloguesFromCache, i18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { purgeExpired } from './lib/session-cache';
import { watchStaleFiles } from './lib/stale-files';
import { AppProvider } from './app/provider';
import { createRoutes } from './app/routes';
import { isKnownLanguage, languagePrefixes, loadAboutPage } from './app/layout/language-scope';
import { readServerState } from './app/server-state';

/**
 * The route modules of the first URL must be in place before the router is created: otherwise the router
 * waits for them and Preact appends a second copy of the page beside the server's (docs/decisions/0050).
 */
async function loadFirstRoutes(routes: RouteObject[], prefixes: readonly string[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  const lang = matches.find((m) => m.route.id === 'lang')?.params['lang'];
  if (!isKnownLanguage(lang, prefixes)) await loadAboutPage();
  for (const match of matches) {
    const route = match.route;
    if (typeof route.lazy !== 'function') continue;
    const loaded = await route.lazy();
    Object.assign(route, loaded);
    delete route.lazy;
  }
}

/** `onAttached` runs in the commit that attached the page to the server's HTML, before any later render. */
function Hydrated({ onAttached }: { onAttached: () => void }) {
  useLayoutEffect(onAttached, [onAttached]);
  useEffect(() => void markHydratedAfterLaterParts(), []);
  return null;
}

async function start() {
  watchStaleFiles();
  purgeExpired();
  // The server answers errors in the page's language: <html lang>, written by the server, kept by the layout.
  setPageLanguage(() => document.documentElement.lang || undefined);
  setDefaultErrorText(() => i18n.t('common.somethingWentWrong'));
  const state = readServerState();
  const queryClient = createQueryClient();
  if (state) hydrate(queryClient, state.queries);
  addCataloguesFromCache(queryClient, i18n);
  await nextTask();
  const deps = { queryClient, i18n };
  const routes = createRoutes(() => deps);
  const hydrating = Boolean(state?.router);
  const config = queryClient.getQueryData<ConfigData>(configQueryOptions.queryKey);
  if (hydrating) await loadFirstRoutes(routes, languagePrefixes(config?.languages ?? DEFAULT_LANGUAGES));
  await nextTask();
  const router = createBrowserRouter(routes, hydrating ? { hydrationData: state?.router } : {});
  await nextTask();
  const root = document.getElementById('root')!;
  // Taken with nothing in between but hydration itself: what the visitor entered while the scripts came.
  const handOverEntries = hydrating ? takeEntriesBeforeLive(root) : () => undefined;
  const app = (
    <StrictMode>
      <AppProvider queryClient={queryClient} i18n={i18n}>
        <RouterProvider router={router} />
        <Hydrated onAttached={handOverEntries} />
      </AppProvider>
    </StrictMode>
  );
  if (hydrating) hydrateRoot(root, app);
  else createRoot(root).render(app);
  // The service worker's code is not needed for the first page: loaded after it.
  const languagePrefix = () => {
    const config = queryClient.getQueryData<ConfigData>(configQueryOptions.queryKey);
    return splitLanguagePath(window.location.pathname, config?.languages ?? DEFAULT_LANGUAGES).language
      .prefix;
  };
  void import('./app/service-worker').then((worker) => worker.registerServiceWorker(languagePrefix));
  // The tag manager and analytics, when the market configures them (its loader is not fetched otherwise):
  // after the first paint.
  void queryClient.fetchQuery(configQueryOptions).then((config) => {
    if (!config.tagManagerId && !config.analyticsId) return;
    void import('./lib/tag-manager').then((tags) => tags.startTagManager(() => Promise.resolve(config)));
  });
}

void start();
