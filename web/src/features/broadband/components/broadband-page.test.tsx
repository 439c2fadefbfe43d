import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PATHS } from '@portal/contract/paths';
import type { Bundle } from '@portal/contract/api/catalogue';
import { exampleBundle } from '@portal/contract/testing/examples';
import { getPurchaseContext } from '@/lib/purchase-context';
import { mockFetch, ok, renderWithProviders, isUnavailable } from '@/testing/test-utils';
import { bodyOf, contentAndConfig, failure } from '@/testing/journeys';
import { checkHeldDuring, heldPressSaid } from '@/testing/slow-checks';
import { BroadbandPage } from './broadband-page';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  sessionStorage.clear();
});

const mifi = (overrides: Partial<Bundle>): Bundle =>
  exampleBundle({
    productCode: 'MIFI_MONTHLY_10GB',
    name: 'MiFi Monthly 10GB',
    category: 'MiFi Internet Plans',
    description: '10GB, 30 days',
    data: '10',
    amount: 4500,
    serviceType: 'BROADBAND',
    ...overrides,
  });

const CODE = '246810';

function setup(balances = defaultBalances) {
  const calls = mockFetch({
    ...contentAndConfig(),
    [PATHS.validateMsisdn]: (_url, init) =>
      bodyOf(init).msisdn === '9021000005' ? ok('PREPAID') : failure('INVALID_MSISDN', 'Invalid Mobile No'),
    [PATHS.queryBalance]: (_url, init) => {
      const body = bodyOf(init);
      if (!body.uniqueCode)
        return ok({ otpRecipient: '902****005', txnRefId: 'OTPBB', resendAfterSeconds: 60 });
      return body.uniqueCode === 'OTPBB.mac'
        ? ok({ queryBalanceResult: balances })
        : failure('401', 'Unauthorized', 401);
    },
    [PATHS.verifyOtp]: (_url, init) =>
      bodyOf(init).otp === CODE
        ? ok({ otpId: 'OTPBB', uniqueCode: 'OTPBB.mac' })
        : failure('2003', 'Please enter correct OTP'),
    [PATHS.bundles]: () =>
      ok([
        mifi({}),
        mifi({
          productCode: 'MIFI_NEVER',
          name: 'MiFi Always-On 5GB',
          validity: -1,
          periodType: '',
          amount: 5000,
        }),
        mifi({
          productCode: 'ROUTER_UNL',
          name: 'Home Router Unlimited',
          category: 'Router Internet Plans',
          data: 'Unlimited',
          dataUnit: '',
        }),
      ]),
  });
  const user = userEvent.setup();
  renderWithProviders(<BroadbandPage />, {
    path: '/broadband-recharge',
    routes: [
      { path: '/broadband-recharge', element: <BroadbandPage /> },
      { path: '/payment/start', element: <p>payment page</p> },
    ],
  });
  const fetchBalance = () =>
    screen.getByRole('button', { name: 'Fetch your Data Balance' }) as HTMLButtonElement;
  return { calls, user, fetchBalance };
}

const defaultBalances = [
  {
    serviceType: 'DATA',
    balanceDescription: 'MiFi Monthly 10GB',
    balanceType: 'BUNDLE',
    balance: 10,
    unitType: 'GB',
    expireTime: '2026-12-12T10:00:00.000Z',
  },
  {
    serviceType: 'DATA',
    balanceDescription: 'Night browsing',
    balanceType: 'UNLIMITED',
    balance: null,
    unitType: '',
    expireTime: null,
  },
];

describe('broadband recharge page', () => {
  it('live, the balance is the dialog’s button alone: no plain form’s submit button or code form', async () => {
    const { user, fetchBalance } = setup();
    await user.type(await screen.findByLabelText('Mobile number'), '9021000005');
    await waitFor(() => expect(isUnavailable(fetchBalance())).toBe(false));
    expect(screen.getAllByRole('button', { name: 'Fetch your Data Balance' })).toHaveLength(1);
    expect(fetchBalance().type).toBe('button');
    expect(screen.queryByRole('button', { name: 'Show balance' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Confirm it is your device' })).toBeNull();
  });

  it('checks the number as a broadband line; a phone number is Invalid Mobile No', async () => {
    const { user, calls, fetchBalance } = setup();
    await user.type(await screen.findByLabelText('Mobile number'), '8021000001');
    expect(await screen.findByText('Invalid Mobile No')).toBeTruthy();
    expect(isUnavailable(fetchBalance())).toBe(true);
    const call = calls.find((c) => c.url.pathname === PATHS.validateMsisdn)!;
    expect(bodyOf(call.init)).toMatchObject({ msisdn: '8021000001', checkIfBroadband: true });
    expect(screen.queryByRole('region', { name: 'Bundles' })).toBeNull();
  });

  it('fetches the data balance with a one-time code and shows the active bundle popup', async () => {
    const { user, calls, fetchBalance } = setup();
    await user.type(await screen.findByLabelText('Mobile number'), '9021000005');
    await waitFor(() => expect(isUnavailable(fetchBalance())).toBe(false));
    await user.click(fetchBalance());
    const otp = await screen.findByRole('dialog', { name: 'Confirm it is your device' });
    expect(bodyOf(calls.find((c) => c.url.pathname === PATHS.queryBalance)!.init)).toEqual({
      msisdn: '9021000005',
      requestType: 'BROADBAND',
    });
    expect(within(otp).getByText('Enter the 6-digit code we sent to 902****005.')).toBeTruthy();
    await user.click(within(otp).getByLabelText('Digit 1 of 6'));
    await user.keyboard('111111');
    expect(await within(otp).findByText('Please enter correct OTP')).toBeTruthy();
    await user.click(within(otp).getByLabelText('Digit 1 of 6'));
    await user.keyboard(CODE);
    const popup = await screen.findByRole('dialog', { name: 'Your active bundle' });
    const rows = within(popup).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'MiFi Monthly 10GB10 GB12 December 2026',
      'Night browsing-Never',
    ]);
    const balanceCall = calls.filter((c) => c.url.pathname === PATHS.queryBalance)[1]!;
    expect(bodyOf(balanceCall.init)).toEqual({
      msisdn: '9021000005',
      uniqueCode: 'OTPBB.mac',
      requestType: 'BROADBAND',
    });
    await user.click(within(popup).getByRole('button', { name: 'Choose a new plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Fetch your Data Balance pressed while the number is checked is held, and sent once the check passes', async () => {
    const { user, calls, fetchBalance } = setup();
    const phone = await screen.findByLabelText('Mobile number');
    const checks = await checkHeldDuring(() => user.type(phone, '9021000005'));
    expect(isUnavailable(fetchBalance())).toBe(true);
    await user.click(fetchBalance());
    expect(heldPressSaid()).toBeTruthy();
    checks.release();
    expect(await screen.findByRole('dialog', { name: 'Confirm it is your device' })).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname === PATHS.queryBalance)).toHaveLength(1);
  });

  it('Fetch your Data Balance pressed while the number is checked is cancelled when the check refuses it', async () => {
    const { user, calls, fetchBalance } = setup();
    const phone = await screen.findByLabelText('Mobile number');
    const checks = await checkHeldDuring(() => user.type(phone, '8021000001'));
    await user.click(fetchBalance());
    expect(heldPressSaid()).toBeTruthy();
    checks.release();
    expect(await screen.findByText('Invalid Mobile No')).toBeTruthy();
    expect(isUnavailable(fetchBalance())).toBe(true);
    expect(calls.some((c) => c.url.pathname === PATHS.queryBalance)).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(heldPressSaid()).toBeNull();
  });

  it('lists the plans; choosing one is a Broadband Recharge purchase', async () => {
    const { user } = setup();
    await user.type(await screen.findByLabelText('Mobile number'), '9021000005');
    const list = await screen.findByRole('region', { name: 'Bundles' });
    const groups = await within(list).findAllByRole('heading', { level: 3 });
    expect(groups.map((g) => g.textContent)).toEqual(['MiFi Internet Plans', 'Router Internet Plans']);
    expect(within(list).getAllByText('Unlimited').length).toBe(2);
    await user.click(within(list).getByRole('button', { name: 'Buy MiFi Monthly 10GB for NGN 4,500' }));
    expect(await screen.findByText('payment page')).toBeTruthy();
    expect(getPurchaseContext()).toMatchObject({
      msisdn: '9021000005',
      amount: 4500,
      transactionType: 'BROADBAND_RECHARGE',
      rechargeType: 'Broadband Recharge',
      productCode: 'MIFI_MONTHLY_10GB',
      redirectPage: '/broadband-recharge',
      description: 'MiFi Monthly 10GB',
      bundleInfo: {
        description: '10GB, 30 days',
        data: '10',
        dataUnit: 'GB',
        amount: 4500,
      },
    });
  });

  it('a 502 on sending the code shows max limit exhausted', async () => {
    const { user, fetchBalance } = setup();
    mockFetch({
      ...contentAndConfig(),
      [PATHS.validateMsisdn]: () => ok('PREPAID'),
      [PATHS.bundles]: () => ok([]),
      [PATHS.queryBalance]: () => failure('502', 'max limit exhausted, please try after sometime.', 429),
    });
    await user.type(await screen.findByLabelText('Mobile number'), '9021000005');
    await waitFor(() => expect(isUnavailable(fetchBalance())).toBe(false));
    await user.click(fetchBalance());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
