import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PATHS } from '@portal/contract/paths';
import type { TrackLeadResult } from '@portal/contract/api/leads';
import { getPurchaseContext } from '@/lib/purchase-context';
import { mockFetch, ok, renderWithProviders } from '@/testing/test-utils';
import { bodyOf, contentAndConfig, failure } from '@/testing/journeys';
import { LeadStatusPage } from './lead-status-page';

afterEach(() => sessionStorage.clear());

const lead = (over: Partial<TrackLeadResult> = {}): TrackLeadResult => ({
  refLeadId: 'HBB0ABC',
  status: 'SUBMITTED',
  feasibility: true,
  leadType: 'HBB_LEADS',
  createdAt: '2026-05-01T10:00:00.000Z',
  updatedAt: '2026-05-01T10:00:00.000Z',
  contactNumber: '802****001',
  email: 'ad***@example.com',
  city: 'Ikeja',
  plan: { code: 'HBB-4G-30', description: 'Home Starter 30GB', amount: 10000, currency: 'NGN' },
  connectionFee: 20000,
  amountDue: 30000,
  currency: 'NGN',
  payment: null,
  checkout: null,
  ...over,
});

function setup(path: string, answer: (body: Record<string, unknown>) => unknown) {
  const calls = mockFetch({
    ...contentAndConfig(),
    [PATHS.trackLead]: (_url, init) => answer(bodyOf(init)),
  });
  const user = userEvent.setup();
  const { router } = renderWithProviders(<LeadStatusPage />, {
    path,
    routes: [
      { path: '/hbb-lead-status', element: <LeadStatusPage /> },
      { path: '/payment/start', element: <p>payment page</p> },
      { path: '/', element: <p>home page</p> },
    ],
  });
  return { user, calls, router };
}

describe('LeadStatusPage', () => {
  it("shows a lead's id, status, plan, note and contact hints", async () => {
    setup('/hbb-lead-status?id=HBB0ABC', () =>
      ok(lead({ status: 'PAID', payment: { transactionId: 'TX1', paidAt: '2026-05-02T10:00:00.000Z' } })),
    );
    expect(await screen.findByText('HBB0ABC')).toBeTruthy();
    expect(screen.getByText('Payment received')).toBeTruthy();
    expect(screen.getByText('Home Starter 30GB')).toBeTruthy();
    expect(screen.getByText('TX1')).toBeTruthy();
    expect(screen.getByText(/installation team will call you within 48 hours/)).toBeTruthy();
    expect(screen.getByText('Questions? Call 300 from your line or visit one of our shops.')).toBeTruthy();
    expect(screen.queryByText('Pay now')).toBeNull();
  });

  it('a request where service is not yet says Thank you! and offers the other products (spec §2)', async () => {
    const { user, router } = setup('/hbb-lead-status?id=HBB0ABC', () =>
      ok(lead({ status: 'NOT_FEASIBLE', feasibility: false, amountDue: 0 })),
    );
    expect(await screen.findByText('Thank you!')).toBeTruthy();
    expect(screen.getByText(/We will contact you as soon as home broadband reaches your area/)).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Explore other Products' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('an unknown id says so and offers the search', async () => {
    setup('/hbb-lead-status?id=HBBNOPE', () => failure('404', 'Not found', 404));
    expect(await screen.findByText('We could not find a request with this number.')).toBeTruthy();
    expect(screen.getByLabelText('Request number')).toBeTruthy();
  });

  it('Pay now: the lead mobile number unlocks the sales-works payment of the lead', async () => {
    const { user, router } = setup('/hbb-lead-status?id=HBB0ABC', (body) => {
      if (!body.contactNumber) return ok(lead());
      return body.contactNumber === '8021000001'
        ? ok(
            lead({
              checkout: {
                msisdn: '8021000001',
                email: 'ada@example.com',
                lineType: 'Prepaid',
                deviceId: 'router-4g',
              },
            }),
          )
        : failure('400', 'This number does not match the request.');
    });
    // 'Pay now' is the summary of a native disclosure, which opens without JavaScript too.
    await user.click(await screen.findByText('Pay now'));
    const form = screen
      .getByText('To pay, enter the mobile number you used for this request.')
      .closest('form')!;
    await user.type(within(form).getByLabelText('Mobile number'), '8021000003');
    await user.click(within(form).getByRole('button', { name: 'Continue to payment' }));
    expect(await within(form).findByText('This number does not match the request.')).toBeTruthy();

    await user.clear(within(form).getByLabelText('Mobile number'));
    await user.type(within(form).getByLabelText('Mobile number'), '8021000001');
    await user.click(within(form).getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('payment page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/payment/start');
    expect(sessionStorage.getItem('isNaijaWorks')).toBe('true');
    expect(sessionStorage.getItem('id')).toBe('HBB0ABC');
    expect(getPurchaseContext()).toMatchObject({
      msisdn: '8021000001',
      amount: 30000,
      transactionType: 'HBB_LEADS',
      emailId: 'ada@example.com',
      productCode: 'HBB-4G-30',
      redirectPage: '/hbb-lead-status?id=HBB0ABC',
      leadId: 'HBB0ABC',
    });
  });

  it('without an id, the search leads to the status of the request typed', async () => {
    const { user, router } = setup('/hbb-lead-status', () => ok(lead()));
    await user.type(await screen.findByLabelText('Request number'), 'hbb0abc');
    await user.click(screen.getByRole('button', { name: 'Track' }));
    expect(await screen.findByText('HBB0ABC')).toBeTruthy();
    expect(router.state.location.search).toBe('?id=HBB0ABC');
  });
});
