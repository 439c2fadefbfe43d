import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PATHS } from '@portal/contract/paths';
import { showToast } from '@/ui/toast';
import { failure } from '@/testing/journeys';
import { bodyOf, ok, PREPAID, renderPanel } from '../testing/payment-test-utils';
import { PurchaseSummary } from './purchase-summary';

vi.mock('@/ui/toast', () => ({ showToast: vi.fn() }));

afterEach(() => {
  vi.mocked(showToast).mockReset();
});

const DUAL = { ...PREPAID, amount: 2500, enableDualCurrency: true };

describe('purchase summary (spec §2)', () => {
  it('shows the recharge type, number, invoice details and amount', () => {
    renderPanel(
      <PurchaseSummary
        context={{
          ...PREPAID,
          rechargeType: 'POSTPAID BILL PAYMENT',
          invoiceDetail: { accountNo: 'PA0000000001', invoiceNo: 'INV-1', dueDate: '2026-01-31' },
        }}
      />,
      {},
    );
    expect(screen.getByRole('heading', { name: 'POSTPAID BILL PAYMENT' })).toBeTruthy();
    expect(screen.getByText('PA0000000001')).toBeTruthy();
    expect(screen.getByText('INV-1')).toBeTruthy();
    // Written as the invoice table writes it, not as the API's day.
    expect(screen.getByText(/^31 Jan 2026$/)).toBeTruthy();
    expect(screen.queryByText('2026-01-31')).toBeNull();
    expect(screen.getByText('NGN 500')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Currency' })).toBeNull();
  });

  it("a bundle: 'Bundle Purchase', plan details, the bundle description and data benefits as rows", () => {
    const { rechargeType: _none, ...plain } = PREPAID;
    renderPanel(
      <PurchaseSummary
        context={{
          ...plain,
          transactionType: 'PREPAID_BUNDLES',
          description: 'Monthly 10GB',
          bundleInfo: { description: '10GB, 30 days', data: '10', dataUnit: 'GB', amount: 4500 },
        }}
      />,
      {},
    );
    expect(screen.getByRole('heading', { name: 'Bundle Purchase' })).toBeTruthy();
    const row = (label: string) => screen.getByText(label).closest('div')?.textContent;
    expect(row('Plan')).toBe('PlanMonthly 10GB');
    expect(row('Bundle description')).toBe('Bundle description10GB, 30 days');
    expect(row('Data benefits')).toBe('Data benefits10 GB');
  });

  it('dual currency: a USD/CDF switch and both converted amounts (usdAmount = amount / 100)', async () => {
    const { callsTo, user } = (() => {
      const view = renderPanel(<PurchaseSummary context={DUAL} />, {
        [PATHS.exchangeRate]: () => ok({ convertedAmount: 70_000, rate: 2_800 }),
      });
      return { ...view, user: userEvent.setup() };
    })();
    expect(screen.getByRole('group', { name: 'Currency' })).toBeTruthy();
    expect(screen.getByText('USD 25.00')).toBeTruthy();
    expect(await screen.findByText('CDF 70,000.00')).toBeTruthy();
    expect(bodyOf(callsTo(PATHS.exchangeRate)[0])).toEqual({
      fromCurrency: 'USD',
      toCurrency: 'CDF',
      amount: 25,
    });
    const cdf = screen.getByRole('radio', { name: 'CDF' }) as HTMLInputElement;
    await user.click(cdf);
    expect(cdf.checked).toBe(true);
  });

  it('a failed conversion shows the toast of spec §8', async () => {
    renderPanel(<PurchaseSummary context={DUAL} />, {
      [PATHS.exchangeRate]: () => failure('500', 'boom', 500),
    });
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith({ message: 'something went wrong!', long: true }),
    );
  });
});
