import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PATHS } from '@portal/contract/paths';
import { showToast } from '@/ui/toast';
import { failure } from '@/testing/journeys';
import {
  bodyOf,
  challenge,
  ok,
  POSTPAID_BILL,
  PREPAID,
  purchase,
  refusal,
  renderPanel,
  resetPanelsAfterEach,
  typeCodeInDialog,
} from '../testing/payment-test-utils';
import { AirtimePanel } from './airtime-panel';
import { isUnavailable } from '@/testing/test-utils';

vi.mock('@/ui/toast', () => ({ showToast: vi.fn() }));

resetPanelsAfterEach();

const CODE = '123456';

function setup(
  balance = 5000,
  answers: Parameters<typeof renderPanel>[1] = {},
  context = purchase(POSTPAID_BILL),
) {
  const user = userEvent.setup();
  const view = renderPanel(
    <AirtimePanel context={context} />,
    {
      [PATHS.sendOtp]: () => ok(challenge()),
      [PATHS.verifyOtp]: (_url, init) =>
        JSON.parse(String(init?.body)).otp === CODE
          ? ok({ otpId: 'OTP1', uniqueCode: 'OTP1.mac' })
          : refusal('2003', 'Please enter correct OTP', { attemptsLeft: 4 }),
      [PATHS.queryBalance]: () =>
        ok({
          queryBalanceResult: [
            {
              serviceType: 'AIRTIME',
              balanceDescription: 'Main account',
              balanceType: 'MAIN',
              balance,
              unitType: 'NGN',
              expireTime: null,
            },
          ],
        }),
      [PATHS.initiate]: () => ok({ transactionId: 'TXA' }),
      [PATHS.process]: () => ok({ transactionId: 'TXA', reference: 'TXA' }),
      ...answers,
    },
    {},
    'airtime',
  );
  const fill = async () => {
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    const phone = screen.getByLabelText('Mobile number');
    await user.clear(phone);
    await user.type(phone, '8021000001');
    await user.click(screen.getByRole('button', { name: 'PROCEED TO PAY' }));
  };
  const typeCode = (code: string) => typeCodeInDialog(user, code);
  return { ...view, user, fill, typeCode };
}

describe('airtime panel (spec §2, §4 "Airtime payment")', () => {
  it('validates the email and phone with the airtime form texts', async () => {
    const { user } = setup();
    const proceed = screen.getByRole('button', { name: 'PROCEED TO PAY' }) as HTMLButtonElement;
    const phone = screen.getByLabelText('Mobile number');
    expect(phone.closest('.field')?.textContent).toContain('+234');
    await user.clear(phone);
    expect(await screen.findByText('Please enter Phone No')).toBeTruthy();
    await user.type(phone, '80210');
    expect(screen.getByText('Please enter valid phone no')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'ada@');
    expect(screen.getByText('Please enter valid email')).toBeTruthy();
    await user.clear(screen.getByLabelText('Email'));
    expect(screen.getByText('Email id is required')).toBeTruthy();
    expect(isUnavailable(proceed)).toBe(true);
  });

  it('a prepaid recharge is paid from another line: the payer starts empty and cannot be the line itself', async () => {
    const { user } = setup(5000, {}, purchase(PREPAID));
    const phone = screen.getByLabelText('Mobile number') as HTMLInputElement;
    expect(phone.value).toBe('');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(phone, PREPAID.msisdn);
    expect(
      await screen.findByText('Pay from another number: a line cannot recharge itself with its own airtime'),
    ).toBeTruthy();
    const proceed = screen.getByRole('button', { name: 'PROCEED TO PAY' }) as HTMLButtonElement;
    expect(isUnavailable(proceed)).toBe(true);
    await user.clear(phone);
    await user.type(phone, '8021000003');
    expect(isUnavailable(proceed)).toBe(false);
  });

  it('code, balance, Are you sure?, then pays with AIR_TIME and the uniqueCode', async () => {
    const { fill, typeCode, callsTo, router, user } = setup();
    await fill();
    expect(bodyOf(callsTo(PATHS.sendOtp)[0])).toEqual({ msisdn: '8021000001', amount: 1000 });
    await typeCode(CODE);
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(
      within(confirm).getByText('NGN 1,000 will be deducted from the airtime balance of +234 8021000001.'),
    ).toBeTruthy();
    expect(bodyOf(callsTo(PATHS.queryBalance)[0])).toEqual({
      msisdn: '8021000001',
      uniqueCode: 'OTP1.mac',
      serviceType: 'Airtime',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/status'));
    expect(await screen.findByText('status page TXA')).toBeTruthy();
    expect(bodyOf(callsTo(PATHS.initiate)[0])).toMatchObject({
      paymentMode: 'AIR_TIME',
      mobileNumber: '8021000002',
      paymentMobile: '08021000001',
      uniqueCode: 'OTP1.mac',
      emailId: 'ada@example.com',
      accountId: '1000000002',
      transactionType: 'POSTPAID_BILL',
      amount: 1000,
    });
    expect(bodyOf(callsTo(PATHS.process)[0])).toMatchObject({
      transactionId: 'TXA',
      paymentMode: 'AIR_TIME',
    });
  });

  it('No closes the confirmation and pays nothing', async () => {
    const { fill, typeCode, callsTo, user } = setup();
    await fill();
    await typeCode(CODE);
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(PATHS.initiate)).toHaveLength(0);
  });

  it('too little airtime: the insufficient-balance message, no payment', async () => {
    const { fill, typeCode, callsTo } = setup(50);
    await fill();
    await typeCode(CODE);
    const alert = await screen.findByText("Looks like you don't have sufficient balance.");
    expect(alert.closest('[role="alert"]')?.textContent).toContain(
      'Please recharge your airtime or use another payment method.',
    );
    expect(screen.getByRole('link', { name: 'Recharge airtime' }).getAttribute('href')).toBe(
      '/prepaid-recharge',
    );
    expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull();
    expect(callsTo(PATHS.initiate)).toHaveLength(0);
  });

  it('a wrong code shows the OTP message with the attempts left', async () => {
    const { fill, typeCode } = setup();
    await fill();
    await typeCode('000000');
    const dialog = screen.getByRole('dialog', { name: 'Confirm your number' });
    expect(await within(dialog).findByText('Please enter correct OTP')).toBeTruthy();
    expect(within(dialog).getByText(/ATTEMPTS LEFT/).textContent).toContain('4');
  });

  it('502 on send: max limit toast, no dialog', async () => {
    const { fill } = setup(5000, {
      [PATHS.sendOtp]: () => failure('502', 'max limit exhausted, please try after sometime.', 429),
    });
    await fill();
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith({
        message: 'max limit exhausted, please try after sometime.',
        long: true,
      }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is a plain form too: without JavaScript the server sends the code (the live page sends it itself)', async () => {
    const { fill, callsTo } = setup();
    const form = screen.getByRole('button', { name: 'PROCEED TO PAY' }).closest('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/payment/start/airtime');
    const hidden = Object.fromEntries(
      [...form.querySelectorAll('input[type="hidden"]')].map((input) => [
        input.getAttribute('name'),
        input.getAttribute('value'),
      ]),
    );
    expect(hidden).toEqual({ intent: 'airtime', ask: 'send' });
    await fill();
    await screen.findByRole('dialog', { name: 'Confirm your number' });
    expect(callsTo(PATHS.sendOtp)).toHaveLength(1);
  });
});
