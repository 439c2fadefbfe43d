import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PATHS } from '@portal/contract/paths';
import type { PaymentOption } from '@portal/contract/api/payments';
import { getPurchaseContext } from '@/lib/purchase-context';
import { transaction } from '@/testing/fixtures';
import { showToast } from '@/ui/toast';
import { failure } from '@/testing/journeys';
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
import { MobileMoneyPanel } from './mobile-money-panel';
import { isUnavailable } from '@/testing/test-utils';
import { checkHeldDuring, heldPressSaid } from '@/testing/slow-checks';

vi.mock('@/ui/toast', () => ({ showToast: vi.fn() }));
// Ten seconds between status calls in the app; a few milliseconds here.
vi.mock('../utils/poll-push', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../utils/poll-push')>()),
  PUSH_POLL_INTERVAL_MS: 5,
}));

resetPanelsAfterEach();

const PUSH: PaymentOption = { name: 'Mobile Money', type: 'AM', ampush: true };
const WITH_PIN: PaymentOption = { name: 'Mobile Money', type: 'AM', ampush: false };
const CODE = '123456';
const WALLET_PIN = '1234';

function setup(option: PaymentOption, answers: Parameters<typeof renderPanel>[1] = {}) {
  const context = purchase(PREPAID);
  const user = userEvent.setup();
  const view = renderPanel(
    <MobileMoneyPanel context={context} option={option} />,
    {
      [PATHS.validateMsisdn]: (_url, init) =>
        JSON.parse(String(init?.body)).msisdn === '8031234567'
          ? failure('INVALID_MSISDN', 'Invalid Mobile No')
          : ok('PREPAID'),
      [PATHS.sendOtp]: () => ok(challenge()),
      [PATHS.verifyUser]: (_url, init) =>
        JSON.parse(String(init?.body)).otp === CODE
          ? ok({ tokenType: 'Bearer', accessToken: 'TOKEN', expiresIn: 600, uniqueCode: 'u' })
          : failure('2003', 'Please enter correct OTP'),
      [PATHS.initiate]: () => ok({ transactionId: 'TXP' }),
      [PATHS.process]: () => ok({ transactionId: 'TXP', reference: 'TXP' }),
      [PATHS.authInitiate]: () => ok({ transactionId: 'TXM', encryptionKeyDetails: { key: pinKey().spki } }),
      [PATHS.authProcess]: () => ok({ transactionId: 'TXM', reference: 'TXM' }),
      ...answers,
    },
    { customerCareNumber: '300', pinResetDial: '*300#', brandName: 'Naija' },
    'naija-money',
  );
  const proceed = () => screen.getByRole('button', { name: 'PROCEED TO PAY' }) as HTMLButtonElement;
  const typeCode = () => typeCodeInDialog(user, CODE);
  const typePin = async (pin: string) => {
    const dialog = await screen.findByRole('dialog', { name: 'Enter your Mobile Money PIN' });
    await enterPin(user, dialog, pin);
    return dialog;
  };
  return { ...view, user, proceed, typeCode, typePin };
}

describe('mobile money panel (spec §2, §4 "Mobile money")', () => {
  it('checks that the wallet number is an operator number', async () => {
    const { user, proceed } = setup(PUSH);
    await waitFor(() => expect(isUnavailable(proceed())).toBe(false));
    const phone = screen.getByLabelText('Mobile number');
    await user.clear(phone);
    await user.type(phone, '8031234567');
    expect(await screen.findByText('Please enter valid Naija number')).toBeTruthy();
    expect(isUnavailable(proceed())).toBe(true);
    await user.clear(phone);
    expect(screen.getByText('Phone No is required')).toBeTruthy();
  });

  it('a press while the number is checked is said, held and carried out once the check passes', async () => {
    const { user, proceed, callsTo } = setup(WITH_PIN);
    await waitFor(() => expect(isUnavailable(proceed())).toBe(false));
    const phone = screen.getByLabelText('Mobile number');
    const checks = await checkHeldDuring(async () => {
      await user.clear(phone);
      await user.type(phone, '8021000006');
    });
    expect(isUnavailable(proceed())).toBe(true);
    await user.keyboard('{Enter}');
    expect(callsTo(PATHS.sendOtp)).toHaveLength(0);
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'Checking the number...')).toBe(true);
    checks.release();
    await waitFor(() => expect(callsTo(PATHS.sendOtp)).toHaveLength(1));
    expect(bodyOf(callsTo(PATHS.sendOtp)[0])).toEqual({ msisdn: '8021000006', amount: 500 });
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it("a press while the number is checked shows the check's refusal, and sends nothing", async () => {
    const { user, proceed, callsTo } = setup(PUSH);
    await waitFor(() => expect(isUnavailable(proceed())).toBe(false));
    const phone = screen.getByLabelText('Mobile number');
    const checks = await checkHeldDuring(async () => {
      await user.clear(phone);
      await user.type(phone, '8031234567');
    });
    await user.click(proceed());
    checks.release();
    expect(await screen.findByText('Please enter valid Naija number')).toBeTruthy();
    expect(isUnavailable(proceed())).toBe(true);
    expect(callsTo(PATHS.initiate)).toHaveLength(0);
    expect(heldPressSaid()).toBeNull();
  });

  it("a press during the first check of the purchase's own number shows its refusal, untouched", async () => {
    // The answer's body comes when the test lets it (the check starts as the panel is drawn).
    let release = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        release = () => {
          const refused = {
            statusCode: 'INVALID_MSISDN',
            status: 'failure',
            message: 'Invalid',
            result: null,
          };
          controller.enqueue(new TextEncoder().encode(JSON.stringify(refused)));
          controller.close();
        };
      },
    });
    const { user, proceed, callsTo } = setup(PUSH, {
      [PATHS.validateMsisdn]: () => new Response(body, { status: 400 }),
    });
    await waitFor(() => expect(callsTo(PATHS.validateMsisdn)).toHaveLength(1));
    await user.click(proceed());
    expect(screen.queryByText('Please enter valid Naija number')).toBeNull();
    release();
    expect(await screen.findByText('Please enter valid Naija number')).toBeTruthy();
    expect(callsTo(PATHS.initiate)).toHaveLength(0);
  });

  it('push: Processing overlay while IN_PROCESS, polled until answered, then the status page', async () => {
    const statuses = ['IN_PROCESS', 'IN_PROCESS', 'REQUEST_REGISTERED'];
    const { user, proceed, callsTo, router } = setup(PUSH, {
      [PATHS.status]: () => ok(transaction({ transactionId: 'TXP', status: statuses.shift() as never })),
    });
    await waitFor(() => expect(isUnavailable(proceed())).toBe(false));
    await user.click(proceed());
    const overlay = await screen.findByRole('dialog', { name: 'Processing' });
    expect(
      within(overlay).getByText(
        'We have sent a payment request of NGN 500 to +234 8021000001. Approve it on your phone to complete the payment.',
      ),
    ).toBeTruthy();
    // The overlay cannot be dismissed.
    expect(within(overlay).queryByRole('button', { name: 'Close' })).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/status'));
    expect(await screen.findByText('status page TXP')).toBeTruthy();
    expect(callsTo(PATHS.status)).toHaveLength(3);
    expect(callsTo(PATHS.status)[0]!.url.searchParams.get('tid')).toBe('TXP');
    expect(bodyOf(callsTo(PATHS.initiate)[0])).toMatchObject({
      paymentMode: 'NAIJA_MONEY_PUSH',
      paymentMobile: '08021000001',
    });
    expect(bodyOf(callsTo(PATHS.process)[0])).toMatchObject({
      transactionId: 'TXP',
      paymentMode: 'NAIJA_MONEY_PUSH',
    });
  });

  it('push: a payer refused as no wallet user (4001) sees the message in the overlay, closed 11 s later, and a new attempt next time', async () => {
    const timeouts: { ms: number; run: () => void }[] = [];
    const realSetTimeout = globalThis.setTimeout;
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((run: () => void, ms?: number) => {
      if (ms === 11_000) {
        timeouts.push({ ms, run });
        return 0 as unknown as ReturnType<typeof setTimeout>;
      }
      return realSetTimeout(run, ms);
    }) as typeof setTimeout);
    try {
      const { user, proceed } = setup(PUSH, {
        [PATHS.process]: () => failure('4001', 'This number has no wallet.'),
      });
      await waitFor(() => expect(isUnavailable(proceed())).toBe(false));
      await user.click(proceed());
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByRole('alert').textContent).toBe('This number has no wallet.');
      expect(showToast).not.toHaveBeenCalled();
      expect(getPurchaseContext()?.attempt).toBeUndefined();
      // The overlay closes after spec §8's 11 s.
      expect(timeouts.map((t) => t.ms)).toEqual([11_000]);
      act(() => timeouts[0]!.run());
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    } finally {
      spy.mockRestore();
    }
  });

  it('PIN: code, verify-user token, auth initiate, wrong PIN with attempts, then the right PIN', async () => {
    let tries = 0;
    const { user, proceed, typeCode, typePin, callsTo, router } = setup(WITH_PIN, {
      [PATHS.authProcess]: (_url, init) =>
        decryptPin(JSON.parse(String(init?.body)).amPin) === WALLET_PIN
          ? ok({ transactionId: 'TXM', reference: 'TXM' })
          : refusal('1004', 'Please enter correct PIN', { attemptsLeft: 4 - tries++ }),
    });
    await waitFor(() => expect(isUnavailable(proceed())).toBe(false));
    await user.click(proceed());
    expect(bodyOf(callsTo(PATHS.sendOtp)[0])).toEqual({ msisdn: '8021000001', amount: 500 });
    await typeCode();
    expect(bodyOf(callsTo(PATHS.verifyUser)[0])).toEqual({
      refId: 'OTP1',
      otp: CODE,
      username: '8021000001',
      paymentMode: 'NAIJA_MONEY',
    });

    const dialog = await typePin('0000');
    expect(await within(dialog).findByText('Please enter correct PIN')).toBeTruthy();
    expect(within(dialog).getByText(/ATTEMPTS LEFT/).textContent).toBe('ATTEMPTS LEFT: 4');
    await typePin('9999');
    await waitFor(() =>
      expect(within(dialog).getByText(/ATTEMPTS LEFT/).textContent).toBe('ATTEMPTS LEFT: 3'),
    );
    await typePin(WALLET_PIN);
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/status'));
    expect(await screen.findByText('status page TXM')).toBeTruthy();

    const initiate = callsTo(PATHS.authInitiate);
    expect(initiate).toHaveLength(1);
    expect(headersOf(initiate[0])).toMatchObject({ Authorization: 'Bearer TOKEN' });
    expect(headersOf(initiate[0])['Idempotency-Key']).toBeTruthy();
    expect(bodyOf(initiate[0])).toMatchObject({ paymentMode: 'NAIJA_MONEY', paymentMobile: '08021000001' });
    const processed = callsTo(PATHS.authProcess);
    expect(processed).toHaveLength(3);
    for (const call of processed) {
      expect(headersOf(call)).toMatchObject({ Authorization: 'Bearer TOKEN' });
      expect(bodyOf(call)).toMatchObject({ transactionId: 'TXM', paymentMode: 'NAIJA_MONEY' });
      expect(String(bodyOf(call).amPin)).not.toMatch(/^\d{4}$/);
    }
    expect(callsTo(PATHS.initiate)).toHaveLength(0);
  });

  it('PIN: a locked wallet (1006) shows the blocked text with customer care and the reset dial', async () => {
    const { user, proceed, typeCode, typePin } = setup(WITH_PIN, {
      [PATHS.authProcess]: () =>
        refusal('1006', 'Your Mobile Money wallet has been blocked due to too many incorrect PIN attempts.', {
          attemptsLeft: 0,
        }),
    });
    await waitFor(() => expect(isUnavailable(proceed())).toBe(false));
    await user.click(proceed());
    await typeCode();
    const dialog = await typePin(WALLET_PIN);
    expect(
      await within(dialog).findByText(
        'Your Mobile Money wallet has been blocked due to too many incorrect PIN attempts.',
      ),
    ).toBeTruthy();
    expect(
      within(dialog).getByText('To unlock it, call customer care on 300 or dial *300# to reset your PIN.'),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Pay' })).toBeNull();
    expect((within(dialog).getByLabelText('PIN digit 1 of 4') as HTMLInputElement).disabled).toBe(true);
    expect(getPurchaseContext()?.attempt).toBeUndefined();
    // The disabled boxes had focus: it goes to the blocked text (in the dialog's alert), then Tab to Close.
    const blocked = within(dialog).getByText(/has been blocked/).parentElement!;
    await waitFor(() => expect(document.activeElement).toBe(blocked));
    expect(blocked.textContent).toContain('To unlock it, call customer care on 300');
    expect(blocked.closest('[role="alert"]')).toBeTruthy();
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1));
  });
});
