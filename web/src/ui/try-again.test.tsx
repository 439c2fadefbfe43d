import { describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { fireEvent, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { addCatalogue, i18n } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/test-utils';
import { TryAgain } from './try-again';

describe('TryAgain', () => {
  addCatalogue('en', { 'common.tryAgain': 'Try again' }, i18n, 'try-again-test');

  it("is a link to the same address in the server's HTML, where a button would do nothing without JavaScript", () => {
    const onRetry = vi.fn();
    const router = createMemoryRouter([{ path: '*', element: <TryAgain onRetry={onRetry} /> }], {
      initialEntries: ['/data-bundle?msisdn=8021000001#bundles'],
    });
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    expect(html).toBe('<a class="button button--ghost" href="/data-bundle?msisdn=8021000001">Try again</a>');
    expect(onRetry).not.toHaveBeenCalled();
  });

  it('asks again in place on a live page', () => {
    const onRetry = vi.fn();
    renderWithProviders(<TryAgain onRetry={onRetry} />, { path: '/data-bundle?msisdn=8021000001' });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
