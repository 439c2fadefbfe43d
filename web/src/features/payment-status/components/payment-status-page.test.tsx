import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PATHS } from '@portal/contract/paths';
import { savePurchaseContext } from '@/lib/purchase-context';
import { invoicedBill, transaction } from '@/testing/fixtures';
import { mockFetch, ok, renderWithProviders } from '@/testing/test-utils';
import { contentAndConfig } from '@/testing/journeys';
import { failure } from '@/testing/answers';
import { PaymentStatusPage } from './payment-status-page';
import { pendingLookInterval } from '../hooks/use-transaction-outcome';

afterEach(() => {
  sessionStorage.clear();
});

const routes = [
  { path: '/payment/status', element: <PaymentStatusPage /> },
  { path: '/payment/status/:id', element: <PaymentStatusPage /> },
  { path: '/prepaid-recharge', element: <p>recharge page</p> },
  { path: '/data-bundle', element: <p>bundle page</p> },
  { path: '/', element: <p>home page</p> },
];

describe('payment status page', () => {
  it('shows Thank you and Successful. for a successful payment', async () => {
    const calls = mockFetch({
      [PATHS.status]: () => ok(transaction()),
      [PATHS.fetch]: () => ok(transaction()),
    });
    renderWithProviders(<PaymentStatusPage />, { path: '/payment/status?id=TXN1', routes });
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeTruthy();
    expect(screen.getByText('Successful.')).toBeTruthy();
    expect(screen.getByText(/Dear 8021000001, your transaction is/)).toBeTruthy();
    expect(screen.getByText('REF1')).toBeTruthy();
    expect(screen.getByText('NGN 500')).toBeTruthy();
    // What was bought, though paid by card (spec §2: the gateway is a broadband lead's payment type).
    expect(screen.getByText('PREPAID RECHARGE')).toBeTruthy();
    expect(calls.find((c) => c.url.pathname === PATHS.status)?.url.searchParams.get('tid')).toBe('TXN1');
    expect(calls.find((c) => c.url.pathname === PATHS.fetch)?.url.searchParams.get('txnId')).toBe('TXN1');
  });

  it('takes the id from the path too, and shows a failure with its reason', async () => {
    const failed = transaction({ status: 'FAILED', statusReason: 'Card declined' });
    mockFetch({ [PATHS.status]: () => ok(failed), [PATHS.fetch]: () => ok(failed) });
    renderWithProviders(<PaymentStatusPage />, { path: '/payment/status/TXN1', routes });
    expect(await screen.findByRole('heading', { name: 'FAILED' })).toBeTruthy();
    expect(screen.getByText('Unsuccessful.')).toBeTruthy();
    expect(screen.getByText('*Card declined')).toBeTruthy();
  });

  it('Return goes to the stored redirect page', async () => {
    // A bundle bought from the recharge page: the stored page wins over the payment's own journey.
    savePurchaseContext({
      msisdn: '8021000001',
      amount: 500,
      transactionType: 'PREPAID_BUNDLES',
      currency: 'NGN',
      redirectPage: '/prepaid-recharge',
    });
    const bundle = transaction({ transactionType: 'PREPAID_BUNDLES' });
    mockFetch({ [PATHS.status]: () => ok(bundle), [PATHS.fetch]: () => ok(bundle) });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<PaymentStatusPage />, {
      path: '/payment/status?id=TXN1',
      routes,
    });
    await user.click(await screen.findByRole('link', { name: 'Return' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/prepaid-recharge'));
  });

  it('with no stored page (no script, another browser), Return and back lead to the journey of the payment', async () => {
    const bundle = transaction({ transactionType: 'PREPAID_BUNDLES' });
    mockFetch({ [PATHS.status]: () => ok(bundle), [PATHS.fetch]: () => ok(bundle) });
    const { router } = renderWithProviders(<PaymentStatusPage />, {
      path: '/payment/status?id=TXN1',
      routes,
    });
    const link = await screen.findByRole('link', { name: 'Return' });
    expect(link.getAttribute('href')).toBe('/data-bundle');
    // The page marks a copy of its history entry (the browser's history, beside the router's); back from it
    // to the unmarked entry goes to the journey.
    await waitFor(() =>
      expect((window.history.state as Record<string, unknown> | null)?.['statusBackGuard']).toBe(true),
    );
    // Back to the unmarked entry, as the browser delivers it (happy-dom's history does not traverse; the
    // end-to-end spine test goes back in Chromium).
    window.history.replaceState(null, '');
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/data-bundle'));
  });

  it('without a record, Return goes home', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch({});
    renderWithProviders(<PaymentStatusPage />, { path: '/payment/status?id=TXN1', routes });
    expect((await screen.findByRole('link', { name: 'Return' })).getAttribute('href')).toBe('/');
  });

  it('stops loading and says so when the status cannot be fetched', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch({ [PATHS.status]: () => failure('500', 'Server error', 500) });
    renderWithProviders(<PaymentStatusPage />, { path: '/payment/status?id=TXN1', routes });
    expect(
      await screen.findByText('We could not load the status of this transaction. Please try again later.'),
    ).toBeTruthy();
  });

  it('a payment the server does not know is said to be not found, not a passing fault', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch({});
    renderWithProviders(<PaymentStatusPage />, { path: '/payment/status?id=TXN1', routes });
    expect(
      await screen.findByText('We could not find this payment. Please check the link you followed.'),
    ).toBeTruthy();
    expect(screen.queryByText(/could not load/)).toBeNull();
  });

  it('a postpaid bill with an invoice is a FIXED INTERNET BILL PAYMENT; underscores show as spaces', async () => {
    const record = invoicedBill({ status: 'FAILED', statusReason: 'Payment declined' });
    mockFetch({ [PATHS.status]: () => ok(record), [PATHS.fetch]: () => ok(record) });
    renderWithProviders(<PaymentStatusPage />, { path: '/payment/status?id=TXN1', routes });
    expect(await screen.findByText('FIXED INTERNET BILL PAYMENT')).toBeTruthy();
    expect(screen.getByText('INV-1')).toBeTruthy();
    expect(screen.getByText('PA0000000001')).toBeTruthy();
    expect(screen.getByText('*Payment declined')).toBeTruthy();
  });

  it('broadband leads: the lead id, the installation note and the contact hint', async () => {
    const record = transaction({
      paymentGateway: null,
      paymentMode: 'HBB_AIRTIME',
      transactionType: 'HBB_LEADS',
      metaInfo: { leadId: 'LEAD-7' },
    });
    mockFetch({
      ...contentAndConfig({ customerCareNumber: '300' }),
      [PATHS.status]: () => ok(record),
      [PATHS.fetch]: () => ok(record),
    });
    renderWithProviders(<PaymentStatusPage />, { path: '/payment/status?id=TXN1', routes });
    expect(await screen.findByText('LEAD-7')).toBeTruthy();
    expect(screen.getByText('HBB AIRTIME')).toBeTruthy();
    expect(
      screen.getByText('Our team will call you to schedule the installation of your home broadband.'),
    ).toBeTruthy();
    expect(await screen.findByText('Questions? Call customer care on 300.')).toBeTruthy();
  });

  it('a successful lead payment without a lead id says the request is not registered yet', async () => {
    const record = transaction({ paymentGateway: 'paystack', transactionType: 'HBB_LEADS' });
    mockFetch({ [PATHS.status]: () => ok(record), [PATHS.fetch]: () => ok(record) });
    renderWithProviders(<PaymentStatusPage />, { path: '/payment/status/TXN1', routes });
    expect(
      await screen.findByText(
        'Your payment was received, but your installation request is not registered yet. Our team will contact you.',
      ),
    ).toBeTruthy();
  });

  it('without an id there is nothing to load', () => {
    mockFetch({});
    renderWithProviders(<PaymentStatusPage />, { path: '/payment/status', routes });
    expect(screen.getByText('There is no transaction to show.')).toBeTruthy();
  });

  it('a pending prompt payment asks the payer to approve it with the PIN, and shows the outcome once approved', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const prompt = transaction({
        status: 'IN_PROCESS',
        transactionStatus: 'PENDING',
        paymentMode: 'NAIJA_MONEY_PUSH',
        paymentGateway: null,
      });
      let answer = prompt;
      const calls = mockFetch({ [PATHS.status]: () => ok(answer), [PATHS.fetch]: () => ok(answer) });
      renderWithProviders(<PaymentStatusPage />, { path: '/payment/status?id=TXN1', routes });
      expect(
        await screen.findByText(
          'We sent a payment request to your phone. Approve it there with your PIN to complete the payment.',
        ),
      ).toBeTruthy();
      expect(screen.getByText(/reloads itself every few seconds/)).toBeTruthy();
      const looks = () => calls.filter((call) => call.url.pathname === PATHS.fetch).length;
      const before = looks();

      // Nothing is asked again within the 10 s; the payer approves; the next look shows the outcome.
      await vi.advanceTimersByTimeAsync(9_000);
      expect(looks()).toBe(before);
      answer = { ...prompt, status: 'SUCCESS', transactionStatus: 'SUCCESS' };
      await vi.advanceTimersByTimeAsync(1_500);
      expect(await screen.findByText('Thank you')).toBeTruthy();
      expect(screen.queryByText(/Approve it there with your PIN/)).toBeNull();
      // Settled: it stops looking.
      const settled = looks();
      await vi.advanceTimersByTimeAsync(30_000);
      expect(looks()).toBe(settled);
    } finally {
      vi.useRealTimers();
    }
  });

  it('looks at a pending payment for ten minutes: a prompt every 10 s, one being delivered every 5 s', () => {
    const prompt = transaction({ status: 'IN_PROCESS', paymentMode: 'MPESA' });
    expect(pendingLookInterval(prompt, 1)).toBe(10_000);
    expect(pendingLookInterval(prompt, 59)).toBe(10_000);
    expect(pendingLookInterval(prompt, 60)).toBe(false);
    const paid = transaction({ status: 'REQUEST_REGISTERED', paymentMode: 'PAYMENT_GATEWAY' });
    expect(pendingLookInterval(paid, 1)).toBe(5_000);
    expect(pendingLookInterval(paid, 120)).toBe(false);
    expect(pendingLookInterval({ ...prompt, status: 'SUCCESS' }, 1)).toBe(false);
    expect(pendingLookInterval({ ...paid, status: 'FAILED' }, 1)).toBe(false);
    expect(pendingLookInterval(undefined, 0)).toBe(false);
  });

  it('a card payment still being delivered after the first polls shows its outcome when it settles', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const paid = transaction({ status: 'REQUEST_REGISTERED', transactionStatus: 'PENDING' });
      let answer = paid;
      mockFetch({ [PATHS.status]: () => ok(answer), [PATHS.fetch]: () => ok(answer) });
      renderWithProviders(<PaymentStatusPage />, { path: '/payment/status?id=TXN1', routes });
      // Past spec §4's five polls a second apart: still in processing, and the page says it follows it.
      await vi.advanceTimersByTimeAsync(6_000);
      expect(await screen.findByText('In Processing')).toBeTruthy();
      expect(
        screen.getByText('This page shows the outcome as soon as it is known. Please do not pay again.'),
      ).toBeTruthy();
      // Delivery failed and the money went back: the page shows it without a reload.
      answer = {
        ...paid,
        status: 'FAILED',
        transactionStatus: 'REFUNDED',
        statusReason: 'Our network could not deliver your purchase in time. Your payment has been refunded.',
      };
      await vi.advanceTimersByTimeAsync(12_000);
      expect(await screen.findByText(/Your payment has been refunded/)).toBeTruthy();
      expect(screen.queryByText(/Please do not pay again/)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
