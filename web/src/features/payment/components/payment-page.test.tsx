import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PATHS } from '@portal/contract/paths';
import { savePurchaseContext } from '@/lib/purchase-context';
import { redirectTo } from '@/lib/redirect';
import { mockFetch, ok, renderWithProviders } from '@/testing/test-utils';
import { PaymentPage } from './payment-page';

vi.mock('@/lib/redirect', () => ({ redirectTo: vi.fn() }));

beforeEach(() => {
  savePurchaseContext({
    msisdn: '8021000001',
    amount: 5000,
    lineType: 'PREPAID',
    transactionType: 'PREPAID_RECHARGE',
    rechargeType: 'PREPAID RECHARGE',
    currency: 'NGN',
    redirectPage: '/prepaid-recharge',
  });
});
afterEach(() => {
  sessionStorage.clear();
  vi.mocked(redirectTo).mockReset();
});

function setup(initiate: () => unknown = () => ok({ transactionId: 'TXN42' })) {
  const calls = mockFetch({
    [PATHS.paymentOptions]: () =>
      ok({
        paymentOption: [
          { name: 'UBA', type: 'PG', paymentGateway: 'uba' },
          { name: 'Airtime', type: 'AIRTIME' },
          { name: 'Paystack', type: 'PG', paymentGateway: 'paystack' },
        ],
      }),
    [PATHS.initiate]: initiate,
    [PATHS.process]: () =>
      ok({ transactionId: 'TXN42', redirectUrl: 'http://127.0.0.1:8090/sandbox/checkout/abc' }),
  });
  const user = userEvent.setup();
  const routes = [{ path: '/payment/start/:method?', element: <PaymentPage /> }];
  const view = renderWithProviders(<PaymentPage />, { path: '/payment/start', routes });
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

  it('validates the email and keeps PROCEED TO PAY disabled until it is valid', async () => {
    const { user } = setup();
    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    const proceed = screen.getByRole('button', { name: 'PROCEED TO PAY' }) as HTMLButtonElement;
    expect(proceed.disabled).toBe(true);
    await user.type(email, 'ada@');
    expect(screen.getByText('Invalid Email Id')).toBeTruthy();
    await user.clear(email);
    expect(screen.getByText('Email is required')).toBeTruthy();
    await user.type(email, 'ada@example.com');
    expect(proceed.disabled).toBe(false);
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
      ++attempts === 1
        ? new Response(
            JSON.stringify({ statusCode: '503', status: 'failure', message: 'Try later', result: null }),
            {
              status: 503,
            },
          )
        : ok({ transactionId: 'TXN42' }),
    );
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'PROCEED TO PAY' }));
    await waitFor(() => expect(attempts).toBe(1));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'PROCEED TO PAY' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
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
