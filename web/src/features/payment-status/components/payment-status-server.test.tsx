import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TransactionStatusResult } from '@portal/contract/api/payments';
import { PATHS } from '@portal/contract/paths';
import { data } from '@/app/routes/payment-status';
import { configQueryOptions } from '@/lib/config';
import { addCatalogue, createI18n } from '@/lib/i18n';
import { pages } from '@/testing/catalogues';
import { configData, transaction } from '@/testing/fixtures';
import { createTestQueryClient, mockFetch, ok } from '@/testing/test-utils';
import { PaymentStatusPage } from './payment-status-page';
import { renderPageHtml } from '@/testing/server-page';

/**
 * The status page of a payment still pending, as the server renders it (what a browser without JavaScript
 * keeps): a prompt on the payer's phone (mobile money push, MPESA) says what to do and how the page learns the
 * outcome, in the page's language.
 */
const LANGUAGES = [
  { code: 'EN', label: 'EN', prefix: '' },
  { code: 'PCM', label: 'Naijá', prefix: '/pcm' },
];
const pcm = (key: string) => String(pages.pcm?.['translation']?.[key]);

async function serverPage(record: TransactionStatusResult) {
  mockFetch({ [PATHS.fetch]: () => ok(record), [PATHS.status]: () => ok(record) });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(configQueryOptions.queryKey, { ...configData, languages: LANGUAGES });
  const url = new URL('http://localhost/pcm/payment/status?id=TXN1');
  const context = { queryClient, lang: 'pcm', url, params: {} };
  await data.prefetch?.(context);
  const texts = createI18n('pcm');
  addCatalogue('pcm', (pages.pcm?.['translation'] ?? {}) as Record<string, string>, texts);
  const router = createMemoryRouter([{ path: '/pcm/payment/status', element: <PaymentStatusPage /> }], {
    initialEntries: ['/pcm/payment/status?id=TXN1'],
  });
  const html = renderPageHtml(<RouterProvider router={router} />, { i18n: texts, queryClient });
  return { html, refreshSeconds: data.refreshSeconds?.(context) };
}

const pending = (paymentMode: TransactionStatusResult['paymentMode']) =>
  transaction({ status: 'IN_PROCESS', transactionStatus: 'PENDING', paymentMode, paymentGateway: null });

describe('the status page of a pending prompt payment, without JavaScript', () => {
  it.each(['NAIJA_MONEY_PUSH', 'MPESA'] as const)(
    '%s: approve on the phone with the PIN; the page reloads itself until the outcome',
    async (mode) => {
      const { html, refreshSeconds } = await serverPage(pending(mode));
      expect(html).toContain(pcm('status.outcome.inProcessing'));
      expect(html).toContain(`<p>${pcm('status.push.approve')}</p>`);
      // What the page says is what it does: the server's HTML reloads itself while the payment is pending.
      expect(refreshSeconds).toBeGreaterThan(0);
      // The live page looks again itself (useTransactionOutcome): the same words hold with a script.
      expect(html).toContain(`<p>${pcm('status.push.reloadsItself')}</p>`);
    },
  );

  it('a pending card payment has no such words', async () => {
    const { html } = await serverPage(
      transaction({ status: 'REQUEST_REGISTERED', transactionStatus: 'PENDING' }),
    );
    expect(html).toContain(pcm('status.outcome.inProcessing'));
    expect(html).not.toContain(pcm('status.push.approve'));
  });

  it('a prompt payment that ended has no such words', async () => {
    const { html, refreshSeconds } = await serverPage(transaction({ paymentMode: 'NAIJA_MONEY_PUSH' }));
    expect(refreshSeconds).toBeUndefined();
    expect(html).not.toContain(pcm('status.push.approve'));
  });
});

describe("the status page's codes in the page's language", () => {
  it('a failed airtime recharge: heading, status and type in Pidgin, not the English codes', async () => {
    const { html } = await serverPage(
      transaction({
        status: 'FAILED',
        transactionStatus: 'FAILED',
        paymentMode: 'AIR_TIME',
        paymentGateway: null,
      }),
    );
    expect(html).toContain(`>${pcm('status.value.FAILED')}</h1>`);
    expect(html).toContain(`>${pcm('status.type.PREPAID_RECHARGE')}</dd>`);
    expect(html).not.toMatch(/>FAILED<|>PREPAID RECHARGE</);
  });

  it('a broadband lead paid with airtime: its payment mode in Pidgin, not the spaced code', async () => {
    const { html } = await serverPage(
      transaction({ transactionType: 'HBB_LEADS', paymentMode: 'AIR_TIME', paymentGateway: null }),
    );
    expect(html).toContain(`>${pcm('status.mode.AIR_TIME')}</dd>`);
    expect(html).not.toContain('>AIR TIME<');
  });

  it('a pending one says so in Pidgin in its row', async () => {
    const { html } = await serverPage(transaction({ status: 'IN_PROCESS', transactionStatus: 'PENDING' }));
    expect(html).toContain(`>${pcm('status.value.IN_PROCESS')}</dd>`);
  });
});
