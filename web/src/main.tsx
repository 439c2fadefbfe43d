// Global styles first, so component styles loaded after them can refine the shared classes.
import './styles/global.css';
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { configQueryOptions, type ConfigData } from './lib/config';
import { markHydrated } from './lib/hydration';
import { DEFAULT_LANGUAGES, splitLanguagePath } from './lib/language';
import { addCataloguesFromCache, i18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { purgeExpired } from './lib/session-cache';
import { AppProvider } from './app/provider';
import { createRoutes } from './app/routes';
import { readServerState } from './app/server-state';
import { registerServiceWorker } from './app/service-worker';

/**
 * The route modules of the first URL must be in place before the router is created: otherwise the router
 * waits for them and Preact appends a second copy of the page beside the server's (docs/decisions/0007).
 */
async function loadFirstRoutes(routes: RouteObject[]): Promise<void> {
  for (const match of matchRoutes(routes, window.location) ?? []) {
    const route = match.route;
    if (typeof route.lazy !== 'function') continue;
    const loaded = await route.lazy();
    Object.assign(route, loaded);
    delete route.lazy;
  }
}

function Hydrated() {
  useEffect(markHydrated, []);
  return null;
}

async function start() {
  purgeExpired();
  const state = readServerState();
  const queryClient = createQueryClient();
  if (state) hydrate(queryClient, state.queries);
  addCataloguesFromCache(queryClient, i18n);
  const routes = createRoutes({ queryClient, i18n });
  const hydrating = Boolean(state?.router);
  if (hydrating) await loadFirstRoutes(routes);
  const router = createBrowserRouter(routes, hydrating ? { hydrationData: state?.router } : {});
  const app = (
    <StrictMode>
      <AppProvider queryClient={queryClient} i18n={i18n}>
        <RouterProvider router={router} />
        <Hydrated />
      </AppProvider>
    </StrictMode>
  );
  const root = document.getElementById('root')!;
  if (hydrating) hydrateRoot(root, app);
  else createRoot(root).render(app);
  registerServiceWorker(() => {
    const config = queryClient.getQueryData<ConfigData>(configQueryOptions.queryKey);
    return splitLanguagePath(window.location.pathname, config?.languages ?? DEFAULT_LANGUAGES).language
      .prefix;
  });
}

void start();
