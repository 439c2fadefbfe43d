import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PATHS } from '@portal/contract/paths';
import { transaction } from '@/testing/fixtures';
import {
  bodyOf,
  ok,
  PREPAID,
  purchase,
  renderPanel,
  resetPanelsAfterEach,
} from '../testing/payment-test-utils';
import { MpesaPanel } from './mpesa-panel';
import { isUnavailable } from '@/testing/test-utils';

vi.mock('@/ui/toast', () => ({ showToast: vi.fn() }));
vi.mock('../utils/poll-push', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../utils/poll-push')>()),
  PUSH_POLL_INTERVAL_MS: 5,
}));

resetPanelsAfterEach();

function setup(statuses: string[], paymentMaxTry = 10) {
  const context = purchase(PREPAID);
  const user = userEvent.setup();
  const view = renderPanel(
    <MpesaPanel context={context} />,
    {
      [PATHS.initiate]: () => ok({ transactionId: 'TXM' }),
      [PATHS.process]: () => ok({ transactionId: 'TXM', reference: 'TXM' }),
      [PATHS.status]: () =>
        ok(transaction({ transactionId: 'TXM', status: (statuses.shift() ?? 'IN_PROCESS') as never })),
    },
    { paymentMaxTry },
    'mpesa',
  );
  return { ...view, user };
}

describe('MPESA panel (spec §2, §4 "MPESA")', () => {
  it('email, +234 phone, Cancel and Continue to pay; the prompt is polled until answered', async () => {
    const { user, callsTo, router } = setup(['IN_PROCESS', 'SUCCESS']);
    const go = screen.getByRole('button', { name: 'Continue to pay' }) as HTMLButtonElement;
    expect(screen.getByRole('link', { name: 'Cancel' })).toBeTruthy();
    expect(screen.getByLabelText('Mobile number').closest('.field')?.textContent).toContain('+234');
    expect(isUnavailable(go)).toBe(true);
    await user.type(screen.getByLabelText('Email'), 'ada@');
    expect(screen.getByText('Invalid Email Id')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'example.com');
    expect(isUnavailable(go)).toBe(false);
    await user.click(go);
    expect(await screen.findByRole('dialog', { name: 'Processing' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/status'));
    expect(await screen.findByText('status page TXM')).toBeTruthy();
    expect(callsTo(PATHS.status)).toHaveLength(2);
    expect(bodyOf(callsTo(PATHS.initiate)[0])).toMatchObject({
      paymentMode: 'MPESA',
      emailId: 'ada@example.com',
      paymentMobile: '08021000001',
    });
  });

  it('stops after configData.paymentMaxTry tries and shows the status page', async () => {
    const { user, callsTo, router } = setup([], 3);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue to pay' }));
    const overlay = await screen.findByRole('dialog', { name: 'Processing' });
    expect(within(overlay).getByText(/\+234 8021000001/)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/status'));
    expect(callsTo(PATHS.status)).toHaveLength(3);
  });

  it('Cancel returns to the originating page', async () => {
    const { user, router } = setup([]);
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/prepaid-recharge'));
  });
});
