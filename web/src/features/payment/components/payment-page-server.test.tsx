import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PaymentOption } from '@portal/contract/api/payments';
import { addCatalogue, createI18n, i18n, type I18n } from '@/lib/i18n';
import { sealedPurchaseKey } from '@/lib/purchase-context';
import { configQueryOptions } from '@/lib/config';
import { pages } from '@/testing/catalogues';
import { configData, PREPAID_PURCHASE } from '@/testing/fixtures';
import { createTestQueryClient } from '@/testing/test-utils';
import { paymentOptionsQuery } from '../api/get-payment-options';
import { optionsInput } from '../utils/initiation';
import { PaymentPage } from './payment-page';
import { PAYMENT_CATALOGUE } from './payment-methods';
import { renderPageHtml } from '@/testing/server-page';

addCatalogue('en', (pages.en?.['translation'] ?? {}) as Record<string, string>);
addCatalogue('en', (pages.en?.[PAYMENT_CATALOGUE] ?? {}) as Record<string, string>, i18n, PAYMENT_CATALOGUE);

const LANGUAGES = [
  { code: 'EN', label: 'EN', prefix: '' },
  { code: 'HA', label: 'Hausa', prefix: '/ha' },
];

/** The page's texts in Hausa, in an instance of this test's own (the shared one stays English). */
function hausa() {
  const instance = createI18n('ha');
  addCatalogue('ha', (pages.ha?.['translation'] ?? {}) as Record<string, string>, instance);
  const panels = (pages.ha?.[PAYMENT_CATALOGUE] ?? {}) as Record<string, string>;
  addCatalogue('ha', panels, instance, PAYMENT_CATALOGUE);
  return instance;
}

/** The server's HTML of a sealed purchase's payment page, with what its render could read in the cache. */
function serverHtml(
  options?: PaymentOption[],
  { path = '/payment/start?purchase=SEALED', texts = i18n }: { path?: string; texts?: I18n } = {},
) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(configQueryOptions.queryKey, { ...configData, languages: LANGUAGES });
  queryClient.setQueryData(sealedPurchaseKey('SEALED'), { context: PREPAID_PURCHASE, attempt: 'A1' });
  if (options)
    queryClient.setQueryData(paymentOptionsQuery(optionsInput(PREPAID_PURCHASE)).queryKey, options);
  const router = createMemoryRouter(
    ['', '/ha'].map((prefix) => ({ path: `${prefix}/payment/start/:method?`, element: <PaymentPage /> })),
    { initialEntries: [path] },
  );
  return renderPageHtml(<RouterProvider router={router} />, { i18n: texts, queryClient });
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

  it('opened at a method that needs JavaScript (SmartCash), says so in its place, in the page’s language', () => {
    const options: PaymentOption[] = [
      { name: 'Paystack', type: 'PG', paymentGateway: 'paystack' },
      { name: 'SmartCash', type: 'SMARTCASH' },
    ];
    const html = serverHtml(options, { path: '/ha/payment/start/smartcash?purchase=SEALED', texts: hausa() });
    const notice = String(pages.ha?.[PAYMENT_CATALOGUE]?.['payment.needsScript']);
    expect(notice).toContain('JavaScript');
    // Shown without JavaScript: the open method's item and the notice; its panel is the live page's alone.
    expect(html).toContain(`<div class="nojs-only payment__notice"><p>${notice}</p></div>`);
    expect(html).toMatch(
      /<div class="accordion__item accordion__item--open"><h3[^>]*><span id="payment-group-smartcash"/,
    );
    expect(html).toMatch(/<div class="js-only"><form class="method-panel"/);
    // The methods a browser without JavaScript can pay by stay links to their pages.
    expect(html).toContain('href="/ha/payment/start/card?purchase=SEALED"');
  });

  it('a method that works without JavaScript shows its panel, with no such notice', () => {
    const html = serverHtml([{ name: 'Paystack', type: 'PG', paymentGateway: 'paystack' }]);
    expect(html).not.toContain(String(pages.en?.[PAYMENT_CATALOGUE]?.['payment.needsScript']));
  });
});
