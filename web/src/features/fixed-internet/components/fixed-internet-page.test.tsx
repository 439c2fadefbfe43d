import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PATHS } from '@portal/contract/paths';
import { getPurchaseContext } from '@/lib/purchase-context';
import { mockFetch, ok, renderWithProviders, isUnavailable } from '@/testing/test-utils';
import { bodyOf, contentAndConfig, failure } from '@/testing/journeys';
import { FixedInternetPage } from './fixed-internet-page';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  sessionStorage.clear();
});

const account = { accountNo: 'PA0000000001', lineNumber: '8021000001', contactPersonMsisdn: '8021000001' };
const invoices = [
  {
    accountNo: 'PA0000000001',
    invoiceNo: 'INV0000000101',
    billingStartDate: '2026-09-13',
    billingEndDate: '2026-10-12',
    dueDate: '2026-11-12',
    currency: 'NGN',
    outstandingAmount: 25000,
    invoiceStatus: 'OVERDUE',
  },
  {
    accountNo: 'PA0000000001',
    invoiceNo: 'INV0000000103',
    billingStartDate: '2026-11-12',
    billingEndDate: '2026-12-11',
    dueDate: '2099-12-17',
    currency: 'NGN',
    outstandingAmount: 12500.5,
    invoiceStatus: 'OPEN',
  },
];

function setup() {
  const calls = mockFetch({
    ...contentAndConfig(),
    [PATHS.validateMsisdn]: (_url, init) => {
      const body = bodyOf(init);
      if (body.accountNo !== 'PA0000000001') return failure('60119', 'Account number not found');
      if (body.contactPersonEmailId !== 'billing@example.com')
        return failure('60005', 'Account details do not match');
      return ok(account);
    },
    [PATHS.openInvoices]: () => ok({ ...account, response: { invoices } }),
  });
  const user = userEvent.setup();
  renderWithProviders(<FixedInternetPage />, {
    path: '/orp/fixed-internet',
    routes: [
      { path: '/orp/fixed-internet', element: <FixedInternetPage /> },
      { path: '/payment/start', element: <p>payment page</p> },
    ],
  });
  const accountNo = async () => (await screen.findByLabelText('Account number')) as HTMLInputElement;
  const email = () => screen.getByLabelText('Email') as HTMLInputElement;
  const showBills = () => screen.getByRole('button', { name: 'show bills' }) as HTMLButtonElement;
  return { calls, user, accountNo, email, showBills };
}

describe('fixed internet page', () => {
  it('validates the two fields with the §5 messages; show bills waits for both', async () => {
    const { user, accountNo, email, showBills } = setup();
    await accountNo();
    expect(isUnavailable(showBills())).toBe(true);
    await user.type(await accountNo(), 'xa00');
    await user.tab();
    expect(screen.getByText('Invalid Account Number')).toBeTruthy();
    await user.clear(await accountNo());
    await user.type(await accountNo(), 'pa0000000001');
    expect((await accountNo()).value).toBe('PA0000000001');
    expect(screen.queryByText('Invalid Account Number')).toBeNull();
    expect(isUnavailable(showBills())).toBe(true);
    await user.click(email());
    await user.tab();
    expect(screen.getByText('Email is required')).toBeTruthy();
    await user.type(email(), 'billing@example');
    expect(screen.getByText('Invalid Email Id')).toBeTruthy();
    expect(isUnavailable(showBills())).toBe(true);
    await user.type(email(), '.com');
    expect(screen.queryByText('Invalid Email Id')).toBeNull();
    expect(isUnavailable(showBills())).toBe(false);
  });

  it('shows the server message for 60005 and 60119', async () => {
    const { user, accountNo, email, showBills } = setup();
    await user.type(await accountNo(), 'PA0000000001');
    await user.type(email(), 'ops@example.com');
    await user.click(showBills());
    expect((await screen.findAllByText('Account details do not match')).length).toBeGreaterThan(0);
    await user.clear(await accountNo());
    await user.type(await accountNo(), 'EA1234567890');
    await user.click(showBills());
    expect((await screen.findAllByText('Account number not found')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lists the invoices with the overdue one flagged; PAY BILL carries the invoice into the purchase', async () => {
    const { user, accountNo, email, showBills, calls } = setup();
    await user.type(await accountNo(), 'PA0000000001');
    await user.type(email(), 'billing@example.com');
    await user.click(showBills());
    const table = await screen.findByRole('table');
    expect(bodyOf(calls.find((c) => c.url.pathname === PATHS.openInvoices)!.init)).toEqual({
      accountNo: 'PA0000000001',
      contactPersonEmailId: 'billing@example.com',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Overdue')).toBeTruthy();
    expect(rows[0]!.className).toContain('overdue');
    expect(within(rows[1]!).getByText('Open')).toBeTruthy();
    expect(within(rows[1]!).getByText('NGN 12,500.50')).toBeTruthy();
    // Days as the app writes dates, not '2026-09-13'. On a phone each invoice is a card, every value under its
    // column's name (fixed-internet.css): a name shown there only, hidden from screen readers, which still read a
    // table: each cell's name is its value alone.
    expect(
      [...rows[0]!.querySelectorAll('th, td')].map((cell) => cell.textContent?.replace(/Sept/g, 'Sep')),
    ).toEqual([
      'Invoice numberINV0000000101',
      'Billing period13 Sep 2026 – 12 Oct 2026',
      'Due date12 Nov 2026',
      'AmountNGN 25,000',
      'Overdue',
      'PAY BILL',
    ]);
    expect(within(rows[0]!).getByRole('rowheader', { name: 'INV0000000101' })).toBeTruthy();
    for (const name of [/^13 Sept? 2026 – 12 Oct 2026$/, '12 Nov 2026', 'NGN 25,000', 'Overdue'])
      expect(within(rows[0]!).getByRole('cell', { name })).toBeTruthy();
    for (const label of rows[0]!.querySelectorAll('.invoices__label'))
      expect(label.getAttribute('aria-hidden')).toBe('true');
    // Named by their visible text first (WCAG 2.5.3), then the invoice and amount.
    const payButtons = within(table).getAllByRole('button', { name: /^PAY BILL\W+invoice / });
    expect(payButtons).toHaveLength(2);
    expect(payButtons[1]!.getAttribute('aria-label')).toBe('PAY BILL, invoice INV0000000103, NGN 12,500.50');
    expect(payButtons[1]!.textContent).toBe('PAY BILL');

    await user.click(within(rows[1]!).getByRole('button'));
    expect(await screen.findByText('payment page')).toBeTruthy();
    expect(getPurchaseContext()).toMatchObject({
      msisdn: '8021000001',
      amount: 12500.5,
      currency: 'NGN',
      transactionType: 'POSTPAID_BILL',
      rechargeType: 'FIXED INTERNET BILL PAYMENT',
      redirectPage: '/orp/fixed-internet',
      emailId: 'billing@example.com',
      invoiceDetail: {
        accountNo: 'PA0000000001',
        invoiceNo: 'INV0000000103',
        billingStartDate: '2026-11-12',
        billingEndDate: '2026-12-11',
        dueDate: '2099-12-17',
      },
    });
  });

  it('an account without open invoices says so', async () => {
    const calls = mockFetch({
      ...contentAndConfig(),
      [PATHS.validateMsisdn]: () =>
        ok({ accountNo: 'EB0000000002', lineNumber: null, contactPersonMsisdn: null }),
      [PATHS.openInvoices]: () =>
        ok({
          accountNo: 'EB0000000002',
          lineNumber: null,
          contactPersonMsisdn: null,
          response: { invoices: [] },
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<FixedInternetPage />);
    await user.type(await screen.findByLabelText('Account number'), 'EB0000000002');
    await user.type(screen.getByLabelText('Email'), 'ops@example.com');
    await user.click(screen.getByRole('button', { name: 'show bills' }));
    expect(await screen.findByText('There are no open invoices on this account.')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url.pathname === PATHS.openInvoices)).toBe(true));
  });
});
