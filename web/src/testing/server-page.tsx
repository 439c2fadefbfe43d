import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import {
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandler,
  type StaticHandlerContext,
} from 'react-router';
import { ConfigProvider } from '@/lib/config';

/** `ui` rendered to HTML as the server's entry renders a page: in its texts, query cache and configuration. */
export function renderPageHtml(ui: ReactNode, options: { i18n: I18n; queryClient: QueryClient }): string {
  return renderToString(
    <I18nextProvider i18n={options.i18n}>
      <QueryClientProvider client={options.queryClient}>
        <ConfigProvider>{ui}</ConfigProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** The HTML the server answers a plain form with: the handler's result rendered as the server's entry does. */
export function renderServerPage(options: {
  handler: StaticHandler;
  context: StaticHandlerContext;
  i18n: I18n;
  queryClient: QueryClient;
}): string {
  const { handler, context } = options;
  return renderPageHtml(
    <StaticRouterProvider
      router={createStaticRouter(handler.dataRoutes, context)}
      context={context}
      hydrate={false}
    />,
    options,
  );
}
