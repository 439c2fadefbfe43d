import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { PATHS } from '@portal/contract/paths';
import { ConfigProvider } from '@/lib/config';
import { hasCatalogue, i18n } from '@/lib/i18n';
import { notFound } from '@/testing/answers';
import { pages } from '@/testing/catalogues';
import { configData } from '@/testing/fixtures';
import { createTestQueryClient, mockFetch, ok } from '@/testing/test-utils';
import { createRoutes } from './routes';

afterEach(async () => {
  // Unmount first: a page still mounted (under load, mid-redirect) could store its language again after the
  // storage is cleared, and the next test would open in Swahili.
  cleanup();
  sessionStorage.clear();
  delete window.dataLayer;
  await i18n.changeLanguage('en');
});

function renderApp(path: string, makeRoutes: (routes: RouteObject[]) => RouteObject[] = (r) => r) {
  const calls = mockFetch({
    [PATHS.config]: () => ok({ configData }),
    [PATHS.activePackage]: (url) => {
      const page = pages[url.searchParams.get('lang') ?? 'en']?.[url.searchParams.get('pageUrl') ?? ''];
      if (!page) return notFound();
      return ok({
        pageUrl: url.searchParams.get('pageUrl'),
        language: url.searchParams.get('lang'),
        packageHtml: JSON.stringify(page),
      });
    },
  });
  const queryClient = createTestQueryClient();
  const appRoutes = makeRoutes(createRoutes(() => ({ queryClient, i18n })));
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider>
          <RouterProvider router={router} />
        </ConfigProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { router, calls };
}

describe('app routes', () => {
  it('home shows the journeys from homepage-config and records the page view', async () => {
    const { calls } = renderApp('/');
    expect(await screen.findByRole('link', { name: /Airtime for any prepaid line/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Quick recharge' })).toBeTruthy();
    const content = calls
      .filter((c) => c.url.pathname === PATHS.activePackage)
      .map((c) => c.url.searchParams);
    expect(content.every((q) => q.get('opco') === 'NG' && q.get('lang') === 'en')).toBe(true);
    expect(content.map((q) => q.get('pageUrl'))).toEqual(
      expect.arrayContaining(['header', 'footer', 'footer-translation', 'homepage-config']),
    );
    // The main texts are loaded once a visit: by this test, or by an earlier one of the same i18n instance.
    expect(hasCatalogue(i18n, 'en', 'translation')).toBe(true);
    // The page view is recorded once the page's data has settled, after its first render.
    await waitFor(() =>
      expect(window.dataLayer).toContainEqual(
        expect.objectContaining({ event: 'page_view', pageName: 'homepage' }),
      ),
    );
  });

  it('a move to another page puts focus on its main content, for screen readers and the keyboard', async () => {
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Quick recharge' })).toBeTruthy();
    // The first page is the browser's to focus.
    expect(document.activeElement).toBe(document.body);
    await router.navigate('/page-not-found');
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById('main')));
  });

  it('an unknown path shows About (the catch-all)', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'About us' })).toBeTruthy();
  });

  it('/page-not-found is its own page', async () => {
    renderApp('/page-not-found');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('serves the same pages in Swahili under /sw', async () => {
    renderApp('/sw/about');
    expect(await screen.findByRole('heading', { name: 'Kuhusu sisi' })).toBeTruthy();
    // Preact runs effects after paint, so the heading can be on screen before the language is stored.
    await waitFor(() => expect(sessionStorage.getItem('selectedLanguage')).toBe('SW'));
    await waitFor(() => expect(document.documentElement.lang).toBe('sw'));
  });

  it('switches language by moving to the prefixed path and back', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/about');
    await screen.findByRole('heading', { name: 'About us' });
    await user.click(screen.getByRole('link', { name: 'Swahili' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sw/about'));
    expect(await screen.findByRole('heading', { name: 'Kuhusu sisi' })).toBeTruthy();
    await waitFor(() => expect(sessionStorage.getItem('selectedLanguage')).toBe('SW'));
    await user.click(screen.getByRole('link', { name: 'EN' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    expect(await screen.findByRole('heading', { name: 'About us' })).toBeTruthy();
    expect(sessionStorage.getItem('selectedLanguage')).toBe('EN');
  });

  it('keeps a stored Swahili choice when a page is opened without the prefix', async () => {
    sessionStorage.setItem('selectedLanguage', 'SW');
    const { router } = renderApp('/about?x=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sw/about'));
    expect(router.state.location.search).toBe('?x=1');
    expect(await screen.findByRole('heading', { name: 'Kuhusu sisi' })).toBeTruthy();
  });

  it('unknown /payment/* paths land on /payment/start, in the same language', async () => {
    const { router } = renderApp('/payment/foo/bar');
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/start'));
    // Lazy routes and a second language's texts load on a busy CI machine too: generous waits.
    const slow = { timeout: 8_000 };
    expect(await screen.findByText(/There is no purchase in progress/, {}, slow)).toBeTruthy();
    await router.navigate('/sw/payment');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sw/payment/start'), slow);
    expect(await screen.findByText(/Hakuna ununuzi unaoendelea/, {}, slow)).toBeTruthy();
  });

  it('shows the router error page when a route fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    // React reports the caught render error through console.error; that is the point of this test.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Boom = () => {
      throw new Error('boom');
    };
    renderApp('/boom', (routes) => {
      const root = routes[0] as Extract<RouteObject, { index?: false }>;
      return [{ ...root, children: [{ path: 'boom', Component: Boom }] }];
    });
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
  });
});
