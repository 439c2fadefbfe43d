import type { ReactElement, ReactNode } from 'react';
import { onTestFinished } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { CALLS, type CallName } from '@portal/contract/calls';
import { errorEnvelope } from '@portal/contract/envelope';
import { ENDPOINTS } from '@portal/contract/endpoints';
import { isSuccess, type Envelope } from '@portal/contract/success';
import { ConfigProvider } from '@/lib/config';
import { addCatalogue, i18n } from '@/lib/i18n';
import { notFound } from './answers';
import { enTranslation } from './catalogues';

addCatalogue('en', enTranslation);
void i18n.changeLanguage('en');

export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

export type JsonRoute = (url: URL, init: RequestInit | undefined) => unknown;

/** The answer schema of each contract call, by method and path. */
const ANSWERS = new Map(
  (Object.keys(CALLS) as CallName[]).map((name) => [
    `${CALLS[name].method} ${CALLS[name].path}`,
    ENDPOINTS[name].response,
  ]),
);

/**
 * A fake answer must be one the server could give: a success as the call's schema says, a failure as the
 * error envelope. A fake that drifts from the contract fails the test instead of passing against an API
 * that does not exist.
 */
function checkedAnswer(url: URL, init: RequestInit | undefined, body: unknown): unknown {
  const schema = ANSWERS.get(`${init?.method ?? 'GET'} ${url.pathname}`);
  if (!schema) return body;
  const success = isSuccess(body as Partial<Envelope<unknown>>);
  const checked = (success ? schema : errorEnvelope).safeParse(body);
  if (!checked.success)
    throw new Error(`fake answer of ${url.pathname} breaks the contract: ${checked.error.message}`);
  return body;
}

/**
 * Replaces fetch for the current test: `routes` maps a path to a handler returning the JSON body (or a
 * Response). The real fetch comes back when the test has finished, after the rendered tree was cleaned
 * up, so a query settling late never reaches the network.
 */
export function mockFetch(routes: Record<string, JsonRoute>) {
  const original = globalThis.fetch;
  onTestFinished(() => {
    globalThis.fetch = original;
  });
  const calls: { url: URL; init: RequestInit | undefined }[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    calls.push({ url, init });
    const handler = routes[url.pathname];
    if (!handler) return notFound();
    const body = handler(url, init);
    return body instanceof Response
      ? body
      : new Response(JSON.stringify(checkedAnswer(url, init, body)), { status: 200 });
  };
  globalThis.fetch = fetchMock as typeof fetch;
  return calls;
}

export const ok = <T,>(result: T) => ({ statusCode: '200', status: 'success', message: 'Success', result });

export function renderWithProviders(
  ui: ReactElement,
  {
    path = '/',
    routes,
    queryClient = createTestQueryClient(),
  }: { path?: string; routes?: RouteObject[]; queryClient?: QueryClient } = {},
) {
  const router = createMemoryRouter(routes ?? [{ path: '*', element: ui }], { initialEntries: [path] });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider>{children}</ConfigProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
  return { router, queryClient, ...render(<RouterProvider router={router} />, { wrapper: Wrapper }) };
}

/**
 * Whether a button says it cannot be used now while it stays a Tab stop (ui/unavailable.ts); a button
 * `disabled` instead fails the test, since it would leave the Tab order.
 */
export function isUnavailable(button: HTMLElement): boolean {
  if ((button as HTMLButtonElement).disabled) throw new Error('disabled: out of the Tab order');
  return button.getAttribute('aria-disabled') === 'true';
}
