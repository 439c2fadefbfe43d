import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PaymentOption } from '@portal/contract/api/payments';
import { addCatalogue, i18n } from '@/lib/i18n';
import { sealedPurchaseKey } from '@/lib/purchase-context';
import { pages } from '@/testing/catalogues';
import { PREPAID_PURCHASE } from '@/testing/fixtures';
import { createTestQueryClient } from '@/testing/test-utils';
import { paymentOptionsQuery } from '../api/get-payment-options';
import { optionsInput } from '../utils/initiation';
import { PAYMENT_CATALOGUE, PaymentPage } from './payment-page';

addCatalogue('en', (pages.en?.['translation'] ?? {}) as Record<string, string>);
addCatalogue('en', (pages.en?.[PAYMENT_CATALOGUE] ?? {}) as Record<string, string>, i18n, PAYMENT_CATALOGUE);

/** The server's HTML of a sealed purchase's payment page, with what its render could read in the cache. */
function serverHtml(options?: PaymentOption[]) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sealedPurchaseKey('SEALED'), { context: PREPAID_PURCHASE, attempt: 'A1' });
  if (options)
    queryClient.setQueryData(paymentOptionsQuery(optionsInput(PREPAID_PURCHASE)).queryKey, options);
  const router = createMemoryRouter([{ path: '/payment/start/:method?', element: <PaymentPage /> }], {
    initialEntries: ['/payment/start?purchase=SEALED'],
  });
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe("the payment page in the server's HTML", () => {
  it('lists the methods the server read', () => {
    const html = serverHtml([{ name: 'Paystack', type: 'PG', paymentGateway: 'paystack' }]);
    expect(html).toContain('Debit/Credit Card');
    expect(html).not.toContain('Loading payment options');
  });

  it('says the options could not be read, with a link to try again, instead of a loader without end', () => {
    const html = serverHtml();
    expect(html).toContain('We could not load the payment options.');
    expect(html).toContain('href="/payment/start?purchase=SEALED">Try again</a>');
    expect(html).not.toContain('Loading payment options');
  });
});
