import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PATHS } from '@portal/contract/paths';
import type { PaymentOption } from '@portal/contract/api/payments';
import { loadScript } from '@/lib/load-script';
import { savePurchaseContext } from '@/lib/purchase-context';
import { redirectTo } from '@/lib/redirect';
import { failure } from '@/testing/answers';
import { mockFetch, ok, renderWithProviders, isUnavailable } from '@/testing/test-utils';
import { contentAndConfig } from '@/testing/journeys';
import { PREPAID_PURCHASE } from '@/testing/fixtures';
import type { PaystackPopOptions } from '../utils/paystack-popup';
import { PaymentPage } from './payment-page';

vi.mock('@/lib/redirect', () => ({ redirectTo: vi.fn() }));
vi.mock('@/lib/load-script', () => ({ loadScript: vi.fn(async () => {}) }));

beforeEach(() => {
  savePurchaseContext({ ...PREPAID_PURCHASE, amount: 5000 });
});
afterEach(() => {
  sessionStorage.clear();
  vi.mocked(redirectTo).mockReset();
  vi.mocked(loadScript).mockReset();
  delete (window as { PaystackPop?: unknown }).PaystackPop;
});

const OPTIONS: PaymentOption[] = [
  { name: 'UBA', type: 'PG', paymentGateway: 'uba' },
  { name: 'Airtime', type: 'AIRTIME' },
  { name: 'Paystack', type: 'PG', paymentGateway: 'paystack' },
];

function setup(
  initiate: () => unknown = () => ok({ transactionId: 'TXN42' }),
  options: PaymentOption[] = OPTIONS,
  path = '/payment/start',
) {
  const calls = mockFetch({
    ...contentAndConfig({ payStackConfig: '{"publicKey":"pk_test_portal"}' }),
    [PATHS.paymentOptions]: () => ok({ paymentOption: options }),
    [PATHS.initiate]: initiate,
    [PATHS.process]: () =>
      ok({
        transactionId: 'TXN42',
        redirectUrl: 'http://127.0.0.1:8090/sandbox/checkout/abc',
        accessCode: 'abc',
        reference: 'TXN42',
      }),
  });
  const user = userEvent.setup();
  const routes = [{ path: '/payment/start/:method?', element: <PaymentPage /> }];
  const view = renderWithProviders(<PaymentPage />, { path, routes });
  return { calls, user, ...view };
}

describe('payment page', () => {
  it('shows the purchase summary and opens the card method first, replacing history', async () => {
    const { router } = setup();
    expect(screen.getByRole('heading', { name: 'PREPAID RECHARGE' })).toBeTruthy();
    expect(screen.getByText('+234 8021000001')).toBeTruthy();
    expect(screen.getByText('NGN 5,000')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/start/card'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    const gateways = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(gateways.map((g) => g.value)).toEqual(['paystack', 'uba']);
    expect(gateways[0]!.checked).toBe(true);
  });

  it('a home-broadband request says the service is available (spec §2), a recharge does not', async () => {
    setup();
    expect(await screen.findByText('PREPAID RECHARGE')).toBeTruthy();
    expect(screen.queryByText('Congratulations! Service is available in your area!')).toBeNull();
    cleanup();
    sessionStorage.clear();
    savePurchaseContext({
      ...PREPAID_PURCHASE,
      amount: 30000,
      transactionType: 'HBB_LEADS',
      leadId: 'HBB0ABC',
    });
    setup();
    expect(await screen.findByText('Congratulations! Service is available in your area!')).toBeTruthy();
    expect(screen.getByText(/home-broadband request HBB0ABC/)).toBeTruthy();
  });

  it('validates the email and keeps PROCEED TO PAY disabled until it is valid', async () => {
    const { user } = setup();
    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    const proceed = screen.getByRole('button', { name: 'PROCEED TO PAY' }) as HTMLButtonElement;
    expect(isUnavailable(proceed)).toBe(true);
    await user.type(email, 'ada@');
    expect(screen.getByText('Invalid Email Id')).toBeTruthy();
    await user.clear(email);
    expect(screen.getByText('Email is required')).toBeTruthy();
    await user.type(email, 'ada@example.com');
    expect(isUnavailable(proceed)).toBe(false);
  });

  it('initiates with an Idempotency-Key, processes and goes to the gateway', async () => {
    const { user, calls } = setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'PROCEED TO PAY' }));
    await waitFor(() =>
      expect(redirectTo).toHaveBeenCalledWith('http://127.0.0.1:8090/sandbox/checkout/abc'),
    );
    const initiate = calls.find((c) => c.url.pathname === PATHS.initiate)!;
    const headers = initiate.init?.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(String(initiate.init?.body))).toMatchObject({
      paymentMode: 'PAYMENT_GATEWAY',
      paymentGateway: 'paystack',
      emailId: 'ada@example.com',
      mobileNumber: '8021000001',
      paymentMobile: '08021000001',
      amount: 5000,
      transactionType: 'PREPAID_RECHARGE',
    });
    const process = calls.find((c) => c.url.pathname === PATHS.process)!;
    expect(JSON.parse(String(process.init?.body))).toMatchObject({
      transactionId: 'TXN42',
      paymentMode: 'PAYMENT_GATEWAY',
      paymentGateway: 'paystack',
    });
  });

  it('reuses the Idempotency-Key when the same payment is retried after an error', async () => {
    let attempts = 0;
    const { user, calls } = setup(() =>
      ++attempts === 1 ? failure('503', 'Try later', 503) : ok({ transactionId: 'TXN42' }),
    );
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'PROCEED TO PAY' }));
    await waitFor(() => expect(attempts).toBe(1));
    await waitFor(() =>
      expect(isUnavailable(screen.getByRole('button', { name: 'PROCEED TO PAY' }))).toBe(false),
    );
    await user.click(screen.getByRole('button', { name: 'PROCEED TO PAY' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalled());
    const keys = calls
      .filter((c) => c.url.pathname === PATHS.initiate)
      .map((c) => (c.init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });
});

/** A stand-in for the provider's inline script: records the options and opens nothing. */
function fakePaystackPop() {
  const opened: PaystackPopOptions[] = [];
  const openIframe = vi.fn();
  (window as { PaystackPop?: unknown }).PaystackPop = {
    setup: (options: PaystackPopOptions) => {
      opened.push(options);
      return { openIframe };
    },
  };
  return { opened, openIframe };
}

const POPUP_OPTIONS: PaymentOption[] = [
  { name: 'Debit/Credit Card', type: 'PG', paymentGateway: 'paystack', popup: true },
  { name: 'Mobile Money', type: 'AM', ampush: true },
  { name: 'SmartCash', type: 'SMARTCASH' },
  { name: 'MPESA', type: 'MPESA' },
  { name: 'Airtime', type: 'AIRTIME' },
];

describe('card popup (spec §4 "Card")', () => {
  async function payByPopup() {
    const pop = fakePaystackPop();
    const view = setup(() => ok({ transactionId: 'TXN42', cancelToken: 'CT42' }), POPUP_OPTIONS);
    await view.user.type(await view.findByLabelText('Email'), 'ada@example.com');
    expect(screen.getByText('The secure payment window of the provider opens on this page.')).toBeTruthy();
    await view.user.click(screen.getByRole('button', { name: 'PROCEED TO PAY' }));
    await waitFor(() => expect(pop.openIframe).toHaveBeenCalledTimes(1));
    return { ...view, ...pop };
  }

  it('opens the inline popup with the public key, kobo, the reference and the channels', async () => {
    const { opened } = await payByPopup();
    expect(loadScript).toHaveBeenCalledWith('/sandbox/paystack/inline.js');
    expect(opened[0]).toMatchObject({
      key: 'pk_test_portal',
      email: 'ada@example.com',
      amount: 500_000,
      ref: 'TXN42',
      currency: 'NGN',
      channels: ['ussd', 'bank', 'card', 'mobile_money', 'bank_transfer', 'qr'],
    });
    expect(redirectTo).not.toHaveBeenCalled();
    // The page's loader does not cover the popup.
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('a completed payment returns through the gateway return path', async () => {
    const { opened } = await payByPopup();
    opened[0]!.callback({ reference: 'TXN42', trxref: 'TXN42', status: 'success' });
    expect(redirectTo).toHaveBeenCalledWith(
      '/api/portal-service/transaction/v1/pg-callback/status/ORP/paystack?txref=TXN42&PnrID=TXN42&status=SUCCESS',
    );
  });

  it('closing the popup returns with status CANCELLED and the cancel token of initiate', async () => {
    const { opened } = await payByPopup();
    opened[0]!.onClose();
    expect(redirectTo).toHaveBeenCalledWith(
      '/api/portal-service/transaction/v1/pg-callback/status/ORP/paystack?txref=TXN42&PnrID=TXN42&status=CANCELLED&cancelToken=CT42',
    );
  });

  it('falls back to the hosted page when the script cannot be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.mocked(loadScript).mockRejectedValueOnce(new Error('Script failed to load'));
    const view = setup(undefined, POPUP_OPTIONS);
    await view.user.type(await view.findByLabelText('Email'), 'ada@example.com');
    await view.user.click(screen.getByRole('button', { name: 'PROCEED TO PAY' }));
    await waitFor(() =>
      expect(redirectTo).toHaveBeenCalledWith('http://127.0.0.1:8090/sandbox/checkout/abc'),
    );
  });
});

describe('payment methods', () => {
  it.each([
    ['airtime', 'Airtime', 'Pay from the airtime of a mobile number.'],
    ['naija-money', 'Mobile Money', 'We send a payment request to this number.'],
    ['mpesa', 'MPESA', 'We send an MPESA payment request to this number.'],
    ['smartcash', 'SmartCash', 'Pay from your SmartCash wallet'],
  ])('start/%s opens the %s panel', async (slug, group, intro) => {
    setup(undefined, POPUP_OPTIONS, `/payment/start/${slug}`);
    expect(await screen.findByText(new RegExp(intro.replace('.', '\\.')))).toBeTruthy();
    // Desktop (the test window is wide): one method at a time, the current one marked.
    expect(screen.getByRole('button', { name: group }).getAttribute('aria-current')).toBe('true');
    expect(
      screen.queryByText('This payment method is not available yet. Please choose another one.'),
    ).toBeNull();
  });

  it('mobile: an accordion of the five groups in the spec order', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: false,
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    setup(undefined, POPUP_OPTIONS);
    await screen.findByLabelText('Email');
    const triggers = Array.from(document.querySelectorAll<HTMLButtonElement>('button[aria-expanded]'));
    expect(triggers.map((b) => b.textContent)).toEqual([
      'Debit/Credit Card',
      'Airtime',
      'Mobile Money',
      'MPESA',
      'SmartCash',
    ]);
    expect(screen.getByRole('button', { name: 'Debit/Credit Card' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });
});
