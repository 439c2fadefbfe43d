import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PATHS } from '@portal/contract/paths';
import { addCatalogue, i18n } from '@/lib/i18n';
import { createTestQueryClient, mockFetch, ok, renderWithProviders } from '@/testing/test-utils';
import { CataloguePage, withCatalogue } from './catalogue-page';

/** Answers the catalogue pages the test names; every answer waits until the test lets them go. */
function catalogueBackend(pages: Record<string, Record<string, string>>) {
  mockFetch({
    [PATHS.activePackage]: (url) => {
      const page = url.searchParams.get('pageUrl') ?? '';
      return ok({ pageUrl: page, language: 'en', packageHtml: JSON.stringify(pages[page] ?? {}) });
    },
  });
  const answer = globalThis.fetch;
  const waiting: (() => void)[] = [];
  globalThis.fetch = (input, init) =>
    String(input).includes(PATHS.activePackage)
      ? new Promise<Response>((resolve) => waiting.push(() => resolve(answer(input, init))))
      : answer(input, init);
  return { waiting: () => waiting.length, release: () => waiting.splice(0).forEach((go) => go()) };
}

describe('CataloguePage', () => {
  it("shows the page's loading frame until every catalogue is in, then the page", async () => {
    const backend = catalogueBackend({
      'shell-a-translation': { 'shell.title': 'Shell title' },
      'shell-b-translation': { 'shell.lead': 'Shell lead' },
    });
    renderWithProviders(
      <CataloguePage
        catalogue={['shell-a-translation', 'shell-b-translation']}
        className="shell"
        label="Wait"
      >
        <Texts />
      </CataloguePage>,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Wait');
    expect(status.closest('section')?.className).toBe('page container shell');
    // Both pages are asked for at once, not one after the other.
    await expect.poll(() => backend.waiting()).toBe(2);
    backend.release();
    expect((await screen.findByRole('heading')).textContent).toBe('Shell title');
    expect(screen.getByText('Shell lead')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('renders exactly the page, with no frame of its own, when the texts are in place', () => {
    addCatalogue('en', { 'shell.title': 'Ready title', 'shell.lead': 'Ready lead' }, i18n, 'shell-c');
    const html = (ui: ReactElement) => {
      const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/'] });
      return renderToString(
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={createTestQueryClient()}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </I18nextProvider>,
      );
    };
    expect(
      html(
        <CataloguePage catalogue="shell-c" className="shell" label="Wait">
          <Texts />
        </CataloguePage>,
      ),
    ).toBe(html(<Texts />));
  });

  it("withCatalogue: the page's props pass through, and the label is the page's text key", async () => {
    const backend = catalogueBackend({ 'shell-d-translation': { 'shell.title': 'With props' } });
    const Page = withCatalogue(
      ({ suffix }: { suffix: string }) => <h1>{`${i18n.t('shell.title')} ${suffix}`}</h1>,
      {
        catalogue: 'shell-d-translation',
        className: 'shell',
        labelKey: 'shell.loading',
        defaultLabel: 'Hold on',
      },
    );
    renderWithProviders(<Page suffix="here" />);
    expect(screen.getByRole('status').textContent).toBe('Hold on');
    await expect.poll(() => backend.waiting()).toBe(1);
    backend.release();
    expect((await screen.findByRole('heading')).textContent).toBe('With props here');
  });
});

function Texts() {
  return (
    <section className="page container shell">
      <h1>{i18n.t('shell.title')}</h1>
      <p>{i18n.t('shell.lead')}</p>
    </section>
  );
}
