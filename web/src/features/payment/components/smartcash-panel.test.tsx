import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PATHS } from '@portal/contract/paths';
import {
  bodyOf,
  challenge,
  decryptPin,
  enterPin,
  headersOf,
  ok,
  pinKey,
  PREPAID,
  purchase,
  refusal,
  renderPanel,
  resetPanelsAfterEach,
  typeCodeInDialog,
} from '../testing/payment-test-utils';
import { SmartCashPanel } from './smartcash-panel';
import { isUnavailable } from '@/testing/test-utils';

vi.mock('@/ui/toast', () => ({ showToast: vi.fn() }));

resetPanelsAfterEach();

const CODE = '654321';

function setup(process: Parameters<typeof renderPanel>[1][string]) {
  const context = purchase(PREPAID);
  const user = userEvent.setup();
  let initiated = 0;
  const view = renderPanel(
    <SmartCashPanel context={context} />,
    {
      [PATHS.sendOtp]: () => ok(challenge()),
      [PATHS.verifyUser]: () =>
        ok({ tokenType: 'Bearer', accessToken: 'SC', expiresIn: 600, uniqueCode: 'u' }),
      [PATHS.authInitiate]: () => {
        initiated += 1;
        return ok({ transactionId: 'TXS', encryptionKeyDetails: { key: pinKey().spki } });
      },
      [PATHS.authProcess]: process,
    },
    { customerCareNumber: '300', pinResetDial: '*300#' },
    'smartcash',
  );
  const proceed = async () => {
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await typeCodeInDialog(user, CODE);
    return screen.findByRole('dialog', { name: 'Enter your Smart Cash PIN' });
  };
  const typePin = (dialog: HTMLElement, pin: string) => enterPin(user, dialog, pin);
  return { ...view, user, proceed, typePin, initiated: () => initiated };
}

describe('SmartCash panel (spec §2, §4 "SmartCash")', () => {
  it('takes the registered number with a fixed +234 prefix, digits only, at most 10, no trunk 0', async () => {
    const { user } = setup(() => ok({ transactionId: 'TXS' }));
    const phone = screen.getByLabelText('Mobile number') as HTMLInputElement;
    expect(phone.closest('.field')?.textContent).toContain('+234');
    expect(screen.getByText('Your SmartCash registered mobile number.')).toBeTruthy();
    await user.clear(phone);
    await user.type(phone, '0a8-02100000199');
    expect(phone.value).toBe('8021000001');
    await user.clear(phone);
    expect(screen.getByText('Phone No is required')).toBeTruthy();
    expect(isUnavailable(screen.getByRole('button', { name: 'Proceed' }))).toBe(true);
  });

  it('wrong PIN (56D005) re-initiates and counts down; the right PIN pays', async () => {
    let wrong = 0;
    const { proceed, typePin, callsTo, router, initiated } = setup((_url, init) =>
      decryptPin(JSON.parse(String(init?.body)).amPin) === '1234'
        ? ok({ transactionId: 'TXS', reference: 'TXS' })
        : refusal('56D005', 'Incorrect PIN', { attemptsLeft: 4 - wrong++ }),
    );
    const dialog = await proceed();
    expect(initiated()).toBe(1);
    expect(bodyOf(callsTo(PATHS.verifyUser)[0])).toMatchObject({ paymentMode: 'SMARTCASH' });
    await typePin(dialog, '1111');
    expect(await within(dialog).findByText('Please enter correct PIN')).toBeTruthy();
    expect(within(dialog).getByText(/ATTEMPTS LEFT/).textContent).toBe('ATTEMPTS LEFT: 4');
    await waitFor(() => expect(initiated()).toBe(2));
    // The same attempt: the same Idempotency-Key, so the server answers with the same transaction.
    const keys = callsTo(PATHS.authInitiate).map((c) => headersOf(c)['Idempotency-Key']);
    expect(keys[0]).toBe(keys[1]);
    await typePin(dialog, '1234');
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/status'));
    expect(await screen.findByText('status page TXS')).toBeTruthy();
    expect(bodyOf(callsTo(PATHS.authProcess)[1])).toMatchObject({
      transactionId: 'TXS',
      paymentMode: 'SMARTCASH',
    });
    expect(headersOf(callsTo(PATHS.authProcess)[1])).toMatchObject({ Authorization: 'Bearer SC' });
  });

  it('1006 locks: the Smart Cash blocked text with contact number and reset dial, 0 attempts', async () => {
    const { proceed, typePin } = setup(() =>
      refusal('1006', 'Your Smart Cash wallet has been blocked.', { attemptsLeft: 0 }),
    );
    const dialog = await proceed();
    await typePin(dialog, '1234');
    expect(
      await within(dialog).findByText(
        'Your Smart Cash wallet has been blocked due to too many incorrect PIN attempts.',
      ),
    ).toBeTruthy();
    expect(
      within(dialog).getByText('To unlock it, call customer care on 300 or dial *300# to reset your PIN.'),
    ).toBeTruthy();
  });

  it('closing the PIN dialog resets the attempts to 5', async () => {
    const { proceed, typePin, user } = setup(() => refusal('56D005', 'Incorrect PIN', { attemptsLeft: 4 }));
    let dialog = await proceed();
    await typePin(dialog, '1111');
    expect(await within(dialog).findByText(/ATTEMPTS LEFT/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await proceed();
    expect(within(dialog).queryByText(/ATTEMPTS LEFT/)).toBeNull();
    expect(within(dialog).queryByText('Please enter correct PIN')).toBeNull();
  });

  it('Cancel returns to the originating page', async () => {
    const { user, router } = setup(() => ok({ transactionId: 'TXS' }));
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/prepaid-recharge'));
  });
});
