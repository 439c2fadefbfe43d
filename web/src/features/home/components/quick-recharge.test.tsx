import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { mockFetch, renderWithProviders } from '@/testing/test-utils';
import { contentAndConfig } from '@/testing/journeys';
import { QuickRecharge } from './quick-recharge';

function Recharge() {
  return <p>recharge {useLocation().search}</p>;
}

describe("the home page's quick recharge", () => {
  it('takes an amount typed with its point as typed (500.00 never becomes 50000)', async () => {
    mockFetch(contentAndConfig());
    const user = userEvent.setup();
    renderWithProviders(<QuickRecharge />, {
      routes: [
        { path: '/', element: <QuickRecharge /> },
        { path: '/prepaid-recharge', element: <Recharge /> },
      ],
    });
    await user.type(screen.getByLabelText('Mobile number'), '8021000001');
    await user.type(screen.getByLabelText('Amount'), '500.00');
    expect(screen.getByLabelText('Amount')).toHaveProperty('value', '500.00');
    await user.click(screen.getByRole('button'));
    expect(await screen.findByText('recharge ?msisdn=8021000001&amount=500.00')).toBeTruthy();
  });
});
