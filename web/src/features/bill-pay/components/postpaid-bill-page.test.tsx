import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PATHS } from '@portal/contract/paths';
import type { ConfigData } from '@portal/contract/api/config';
import { getPurchaseContext } from '@/lib/purchase-context';
import { mockFetch, ok, renderWithProviders, isUnavailable } from '@/testing/test-utils';
import { bodyOf, contentAndConfig, failure } from '@/testing/journeys';
import { checkHeldDuring, heldPressSaid } from '@/testing/slow-checks';
import { PostpaidBillPage } from './postpaid-bill-page';
import { POSTPAID_BILL_PURCHASE } from '@/testing/fixtures';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  sessionStorage.clear();
});

const LINES: Record<string, string> = {
  '8021000001': 'PREPAID',
  '8021000002': 'POSTPAID',
  '8021000003': 'HYBRID',
};
const CODE = '123456';

function setup(config: Partial<ConfigData> = {}) {
  const calls = mockFetch({
    ...contentAndConfig({ 'beta.amountToHigherValueFeature': true, ...config }),
    [PATHS.validateMsisdn]: (_url, init) => {
      const line = LINES[String(bodyOf(init).msisdn)];
      return line ? ok(line) : failure('INVALID_MSISDN', 'Invalid Mobile No');
    },
    [PATHS.sendOtp]: () =>
      ok({
        otpId: 'OTP1',
        refId: 'OTP1',
        otpRecipient: '802****002',
        resendAfterSeconds: 60,
        expiresInSeconds: 300,
      }),
    [PATHS.verifyOtp]: (_url, init) =>
      bodyOf(init).otp === CODE
        ? ok({ otpId: 'OTP1', uniqueCode: 'OTP1.mac' })
        : failure('2003', 'Please enter correct OTP'),
    [PATHS.bill]: (_url, init) => {
      const body = bodyOf(init);
      if (body.otpId === 'OTP1')
        return ok({ totalOutstanding: 12345.5, accountNo: '1000000002', currency: 'NGN' });
      if (body.accountNo === '1000000002')
        return ok({ totalOutstanding: 12345.5, accountNo: '1000000002', currency: 'NGN' });
      if (body.accountNo === '9999999999') return failure('60119', 'Account number not found');
      return failure('60005', 'Account details do not match');
    },
  });
  const user = userEvent.setup();
  renderWithProviders(<PostpaidBillPage />, {
    path: '/postpaid-bill-pay',
    routes: [
      { path: '/postpaid-bill-pay', element: <PostpaidBillPage /> },
      { path: '/payment/start', element: <p>payment page</p> },
    ],
  });
  const mobile = async () => (await screen.findByLabelText('Mobile number')) as HTMLInputElement;
  const amount = () => screen.getByLabelText('Amount') as HTMLInputElement;
  const pay = () => screen.getByRole('button', { name: 'MAKE A PAYMENT' }) as HTMLButtonElement;
  const fetchByOtp = () => screen.getByRole('button', { name: 'Fetch bill with OTP' }) as HTMLButtonElement;
  const fetchByAccount = () =>
    screen.getByRole('button', { name: 'Fetch bill with account number' }) as HTMLButtonElement;
  const enterNumber = async (number: string) => {
    await user.type(await mobile(), number);
  };
  return { calls, user, mobile, amount, pay, fetchByOtp, fetchByAccount, enterNumber };
}

describe('postpaid bill payment page', () => {
  it('has the labelled inputs with the +234 prefix, and the buttons disabled', async () => {
    const { mobile, amount, pay, fetchByOtp, fetchByAccount } = setup();
    expect(await mobile()).toBeTruthy();
    expect(amount()).toBeTruthy();
    expect(screen.getByText('+234')).toBeTruthy();
    expect(isUnavailable(pay())).toBe(true);
    expect(isUnavailable(fetchByOtp())).toBe(true);
    expect(isUnavailable(fetchByAccount())).toBe(true);
  });

  it('takes postpaid and hybrid lines (hybrid check on); a prepaid line is Invalid Mobile No', async () => {
    const { user, mobile, enterNumber, fetchByOtp, calls } = setup();
    await enterNumber('8021000001');
    expect(await screen.findByText('Invalid Mobile No')).toBeTruthy();
    expect(isUnavailable(fetchByOtp())).toBe(true);
    const call = calls.find((c) => c.url.pathname === PATHS.validateMsisdn)!;
    expect(bodyOf(call.init)).toEqual({
      msisdn: '8021000001',
      checkIfBroadband: false,
      requestType: 'HYBRID_POSTPAID_CHECK',
    });
    await user.clear(await mobile());
    expect(await screen.findByText('Phone No is required')).toBeTruthy();
    await enterNumber('8021000003');
    await waitFor(() => expect(isUnavailable(fetchByOtp())).toBe(false));
    expect(screen.queryByText('Invalid Mobile No')).toBeNull();
  });

  it('with the hybrid check off, a hybrid line is refused', async () => {
    const { enterNumber, calls } = setup({ postpaidHybridCheck: false });
    await enterNumber('8021000003');
    expect(await screen.findByText('Invalid Mobile No')).toBeTruthy();
    const call = calls.find((c) => c.url.pathname === PATHS.validateMsisdn)!;
    expect(bodyOf(call.init).requestType).toBe('POSTPAID_BILL');
  });

  it('applies the postpaid amount limits with their messages', async () => {
    const { user, amount, enterNumber, pay } = setup();
    await enterNumber('8021000002');
    await user.type(amount(), '99');
    expect(await screen.findByText('Minimum amount should be NGN 100')).toBeTruthy();
    expect(isUnavailable(pay())).toBe(true);
    await user.clear(amount());
    await user.type(amount(), '500001');
    expect(await screen.findByText('Maximum amount should be NGN 500,000')).toBeTruthy();
    await user.clear(amount());
    await user.type(amount(), '5x00');
    expect(amount().value).toBe('500');
    await waitFor(() => expect(isUnavailable(pay())).toBe(false));
  });

  it('fetches the bill by one-time code: Get OTP, six boxes, Get Outstanding once filled; rounds up with a note', async () => {
    const { user, enterNumber, fetchByOtp, amount, calls } = setup();
    await enterNumber('8021000002');
    await waitFor(() => expect(isUnavailable(fetchByOtp())).toBe(false));
    await user.click(fetchByOtp());
    const dialog = await screen.findByRole('dialog', { name: 'Fetch your outstanding bill' });
    await user.click(within(dialog).getByRole('button', { name: 'Get OTP' }));
    const send = calls.find((c) => c.url.pathname === PATHS.sendOtp)!;
    expect(bodyOf(send.init)).toEqual({ text: '8021000002', text1: '', otpAction: 'INVOICE' });
    expect(await within(dialog).findByText('Enter the 6-digit code we sent to 802****002.')).toBeTruthy();
    const getOutstanding = within(dialog).getByRole('button', {
      name: 'Get Outstanding',
    }) as HTMLButtonElement;
    expect(isUnavailable(getOutstanding)).toBe(true);
    await user.click(within(dialog).getByLabelText('Digit 1 of 6'));
    await user.keyboard('65432');
    expect(isUnavailable(getOutstanding)).toBe(true);
    await user.keyboard('1');
    expect(isUnavailable(getOutstanding)).toBe(false);
    await user.click(getOutstanding);
    expect(await within(dialog).findByText('Please enter correct OTP')).toBeTruthy();
    expect(within(dialog).getByText(/ATTEMPTS LEFT/).textContent).toBe('ATTEMPTS LEFT: 4');

    await user.click(within(dialog).getByLabelText('Digit 1 of 6'));
    await user.keyboard(CODE);
    await user.click(within(dialog).getByRole('button', { name: 'Get Outstanding' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const bill = calls.find((c) => c.url.pathname === PATHS.bill)!;
    expect(bodyOf(bill.init)).toEqual({ msisdn: '8021000002', otpId: 'OTP1' });
    expect(amount().value).toBe('12346');
    expect(screen.getByText('Outstanding bill: NGN 12,345.50')).toBeTruthy();
    expect(
      screen.getByText('Your outstanding bill of NGN 12,345.50 has been rounded up to NGN 12,346.'),
    ).toBeTruthy();
  });

  it('without the higher-value feature, the fractional bill stays as it is', async () => {
    const { user, enterNumber, fetchByAccount, amount } = setup({ 'beta.amountToHigherValueFeature': false });
    await enterNumber('8021000002');
    await waitFor(() => expect(isUnavailable(fetchByAccount())).toBe(false));
    await user.click(fetchByAccount());
    const dialog = await screen.findByRole('dialog', { name: 'Fetch bill with account number' });
    await user.type(within(dialog).getByLabelText('Account number'), '1000000002');
    await user.click(within(dialog).getByRole('button', { name: 'Get Outstanding' }));
    await waitFor(() => expect(amount().value).toBe('12345.50'));
    expect(screen.queryByText(/rounded up/)).toBeNull();
  });

  it('fetches the bill by account number: 10 digits, server messages for 60005 and 60119', async () => {
    const { user, enterNumber, fetchByAccount, amount } = setup();
    await enterNumber('8021000002');
    await waitFor(() => expect(isUnavailable(fetchByAccount())).toBe(false));
    await user.click(fetchByAccount());
    const dialog = await screen.findByRole('dialog', { name: 'Fetch bill with account number' });
    const account = within(dialog).getByLabelText('Account number') as HTMLInputElement;
    const get = () => within(dialog).getByRole('button', { name: 'Get Outstanding' }) as HTMLButtonElement;
    await user.type(account, '12a345');
    expect(account.value).toBe('12345');
    // Enter in the field with a short number says why nothing happens (the message came only on leaving it).
    await user.keyboard('{Enter}');
    expect(within(dialog).getByText('Invalid Account Number')).toBeTruthy();
    await user.tab();
    expect(within(dialog).getByText('Invalid Account Number')).toBeTruthy();
    expect(isUnavailable(get())).toBe(true);
    await user.clear(account);
    await user.type(account, '1000000003');
    await user.click(get());
    expect(await within(dialog).findByText('Account details do not match')).toBeTruthy();
    await user.clear(account);
    await user.type(account, '9999999999');
    await user.click(get());
    expect(await within(dialog).findByText('Account number not found')).toBeTruthy();
    await user.clear(account);
    await user.type(account, '1000000002');
    await user.click(get());
    await waitFor(() => expect(amount().value).toBe('12346'));
  });

  it('a press while the number is checked is held: Fetch bill with OTP opens its dialog once the check passes', async () => {
    const { user, mobile, fetchByOtp } = setup();
    const phone = await mobile();
    const checks = await checkHeldDuring(() => user.type(phone, '8021000002'));
    expect(isUnavailable(fetchByOtp())).toBe(true);
    await user.click(fetchByOtp());
    expect(heldPressSaid()).toBeTruthy();
    checks.release();
    expect(await screen.findByRole('dialog', { name: 'Fetch your outstanding bill' })).toBeTruthy();
  });

  it('MAKE A PAYMENT pressed while the number is checked opens the payment page once the check passes', async () => {
    const { user, mobile, amount } = setup();
    const phone = await mobile();
    await user.type(amount(), '1000');
    const checks = await checkHeldDuring(() => user.type(phone, '8021000002'));
    await user.type(phone, '{Enter}');
    expect(screen.queryByText('payment page')).toBeNull();
    checks.release();
    expect(await screen.findByText('payment page')).toBeTruthy();
    expect(getPurchaseContext()).toMatchObject({ msisdn: '8021000002', amount: 1000, lineType: 'POSTPAID' });
  });

  it('MAKE A PAYMENT pressed while the number is checked is cancelled when the line is not postpaid', async () => {
    const { user, mobile, amount, pay } = setup();
    const phone = await mobile();
    await user.type(amount(), '1000');
    const checks = await checkHeldDuring(() => user.type(phone, '8021000001'));
    await user.click(pay());
    expect(heldPressSaid()).toBeTruthy();
    checks.release();
    expect(await screen.findByText('Invalid Mobile No')).toBeTruthy();
    expect(isUnavailable(pay())).toBe(true);
    expect(screen.queryByText('payment page')).toBeNull();
    expect(getPurchaseContext()).toBeUndefined();
    expect(heldPressSaid()).toBeNull();
  });

  it('MAKE A PAYMENT stores the postpaid purchase context and opens the payment page', async () => {
    const { user, enterNumber, fetchByAccount, pay } = setup();
    await enterNumber('8021000002');
    await waitFor(() => expect(isUnavailable(fetchByAccount())).toBe(false));
    await user.click(fetchByAccount());
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Account number'), '1000000002');
    await user.click(within(dialog).getByRole('button', { name: 'Get Outstanding' }));
    await waitFor(() => expect(isUnavailable(pay())).toBe(false));
    await user.click(pay());
    expect(await screen.findByText('payment page')).toBeTruthy();
    expect(getPurchaseContext()).toMatchObject({ ...POSTPAID_BILL_PURCHASE, amount: 12346 });
  });
});
