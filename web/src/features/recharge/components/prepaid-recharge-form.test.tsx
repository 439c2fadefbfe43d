import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PATHS } from '@portal/contract/paths';
import { getPurchaseContext } from '@/lib/purchase-context';
import { mockFetch, ok, renderWithProviders, isUnavailable } from '@/testing/test-utils';
import { PREPAID_PURCHASE } from '@/testing/fixtures';
import { contentAndConfig } from '@/testing/journeys';
import { checkHeldDuring, heldPressSaid } from '@/testing/slow-checks';
import { PrepaidRechargePage } from './prepaid-recharge-page';

afterEach(() => {
  sessionStorage.clear();
});

const LINES: Record<string, string> = { '8021000001': 'PREPAID', '8021000002': 'POSTPAID' };

function setup(path = '/prepaid-recharge') {
  const calls = mockFetch({
    ...contentAndConfig(),
    [PATHS.validateMsisdn]: (_url, init) => {
      const { msisdn } = JSON.parse(String(init?.body)) as { msisdn: string };
      const line = LINES[msisdn];
      return line
        ? ok(line)
        : new Response(
            JSON.stringify({
              statusCode: 'INVALID_MSISDN',
              status: 'failure',
              message: 'Invalid Mobile No',
              result: null,
            }),
            {
              status: 400,
            },
          );
    },
  });
  const user = userEvent.setup();
  const view = renderWithProviders(<PrepaidRechargePage />, {
    path,
    routes: [
      { path: '/prepaid-recharge', element: <PrepaidRechargePage /> },
      { path: '/payment/start', element: <p>payment page</p> },
    ],
  });
  const mobile = () => screen.getByLabelText('Mobile number') as HTMLInputElement;
  const amount = () => screen.getByLabelText('Amount') as HTMLInputElement;
  const buy = () => screen.getByRole('button', { name: 'BUY AIRTIME' }) as HTMLButtonElement;
  return { calls, user, mobile, amount, buy, ...view };
}

describe('prepaid recharge form', () => {
  it('has the labelled inputs, the +234 prefix and a disabled BUY AIRTIME', () => {
    const { mobile, amount, buy } = setup();
    expect(mobile()).toBeTruthy();
    expect(amount()).toBeTruthy();
    expect(screen.getByText('+234')).toBeTruthy();
    expect(isUnavailable(buy())).toBe(true);
  });

  it('keeps digits only (max 10) and asks for the number when emptied', async () => {
    const { user, mobile } = setup();
    await user.type(mobile(), '80x21-0');
    expect(mobile().value).toBe('80210');
    await user.clear(mobile());
    expect(await screen.findByText('Phone No is required')).toBeTruthy();
  });

  it('checks the line at exactly 10 digits and accepts a prepaid line', async () => {
    const { user, mobile, amount, buy, calls } = setup();
    await user.type(mobile(), '802100000');
    expect(calls.some((c) => c.url.pathname === PATHS.validateMsisdn)).toBe(false);
    await user.type(mobile(), '1');
    await waitFor(() => expect(calls.some((c) => c.url.pathname === PATHS.validateMsisdn)).toBe(true));
    const call = calls.find((c) => c.url.pathname === PATHS.validateMsisdn)!;
    expect(call.init?.method).toBe('POST');
    expect(JSON.parse(String(call.init?.body))).toEqual({
      msisdn: '8021000001',
      checkIfBroadband: false,
      requestType: 'PREPAID_RECHARGE',
    });
    await user.type(amount(), '5a00');
    expect(amount().value).toBe('500');
    await waitFor(() => expect(isUnavailable(buy())).toBe(false));
    expect(screen.queryByText('Invalid Mobile No')).toBeNull();
  });

  it('shows Invalid Mobile No for another line type and for a failed check', async () => {
    const { user, mobile, amount, buy } = setup();
    await user.type(amount(), '500');
    await user.type(mobile(), '8021000002');
    expect(await screen.findByText('Invalid Mobile No')).toBeTruthy();
    expect(isUnavailable(buy())).toBe(true);
    await user.clear(mobile());
    await user.type(mobile(), '8031234567');
    expect(await screen.findByText('Invalid Mobile No')).toBeTruthy();
    expect(isUnavailable(buy())).toBe(true);
  });

  it('applies the configured amount limits', async () => {
    const { user, mobile, amount, buy } = setup();
    await user.type(mobile(), '8021000001');
    await user.type(amount(), '10');
    expect(await screen.findByText('Minimum amount should be NGN 50')).toBeTruthy();
    expect(isUnavailable(buy())).toBe(true);
    await user.clear(amount());
    await user.type(amount(), '60000');
    expect(await screen.findByText('Maximum amount should be NGN 50,000')).toBeTruthy();
    expect(isUnavailable(buy())).toBe(true);
    await user.clear(amount());
    await user.type(amount(), '50000');
    await waitFor(() => expect(isUnavailable(buy())).toBe(false));
    expect(screen.queryByText(/amount should be/)).toBeNull();
  });

  it('stores the purchase context and opens /payment/start', async () => {
    const { user, mobile, amount, buy, router } = setup();
    await user.type(mobile(), '8021000001');
    await user.type(amount(), '500');
    await waitFor(() => expect(isUnavailable(buy())).toBe(false));
    await user.click(buy());
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/start'));
    expect(getPurchaseContext()).toMatchObject(PREPAID_PURCHASE);
  });

  it('BUY AIRTIME pressed while the number is checked is held, and goes through once the check passes', async () => {
    const { user, mobile, amount, buy, router } = setup();
    await user.type(amount(), '500');
    const checks = await checkHeldDuring(() => user.type(mobile(), '8021000001'));
    expect(isUnavailable(buy())).toBe(true);
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/prepaid-recharge');
    expect(heldPressSaid()).toBeTruthy();
    checks.release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/start'));
    expect(getPurchaseContext()).toMatchObject(PREPAID_PURCHASE);
  });

  it('BUY AIRTIME pressed while the number is checked is cancelled when the check refuses it', async () => {
    const { user, mobile, amount, buy, router } = setup();
    await user.type(amount(), '500');
    const checks = await checkHeldDuring(() => user.type(mobile(), '8031234567'));
    await user.click(buy());
    expect(heldPressSaid()).toBeTruthy();
    checks.release();
    expect(await screen.findByText('Invalid Mobile No')).toBeTruthy();
    expect(isUnavailable(buy())).toBe(true);
    expect(router.state.location.pathname).toBe('/prepaid-recharge');
    expect(getPurchaseContext()).toBeUndefined();
    expect(heldPressSaid()).toBeNull();
  });

  it('takes the number and amount from the home page link', async () => {
    const { mobile, amount, buy } = setup('/prepaid-recharge?msisdn=8021000001&amount=500');
    expect(mobile().value).toBe('8021000001');
    expect(amount().value).toBe('500');
    await waitFor(() => expect(isUnavailable(buy())).toBe(false));
  });
});
