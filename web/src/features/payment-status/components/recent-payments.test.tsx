import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configData, transaction } from '@/testing/fixtures';
import { PATHS } from '@portal/contract/paths';
import { mockFetch, ok, renderWithProviders } from '@/testing/test-utils';
import { rememberSeen } from '../utils/last-seen';
import { RecentPayments } from './recent-payments';

afterEach(() => localStorage.clear());

const config = () => mockFetch({ [PATHS.config]: () => ok({ configData }) });

describe('recent payments on this phone', () => {
  it('lists the payments seen here, newest first, each opening its status page, and can be cleared', async () => {
    rememberSeen('TX1', transaction({ transactionId: 'TX1', refTransactionId: 'TX1', amount: 500 }), 1_000);
    rememberSeen(
      'TX2',
      transaction({ transactionId: 'TX2', refTransactionId: 'TX2', amount: 1500, status: 'FAILED' }),
      2_000,
    );
    config();
    renderWithProviders(<RecentPayments except="TX3" />);
    const links = await screen.findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/payment/status?id=TX2',
      '/payment/status?id=TX1',
    ]);
    expect(links[0]!.textContent).toContain('NGN 1,500');
    expect(links[0]!.textContent).toContain('Unsuccessful.');
    await userEvent.click(screen.getByRole('button', { name: 'Clear this list' }));
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(localStorage.getItem('paymentsSeen')).toBeNull();
  });

  it('leaves out the payment the status page shows', async () => {
    rememberSeen('TX1', transaction({ transactionId: 'TX1', refTransactionId: 'TX1' }), 1_000);
    config();
    renderWithProviders(<RecentPayments except="TX1" />);
    expect(screen.queryByRole('heading', { name: 'Your recent payments on this phone' })).toBeNull();
  });
});
