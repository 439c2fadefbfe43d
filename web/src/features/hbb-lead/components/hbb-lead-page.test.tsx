import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PATHS } from '@portal/contract/paths';
import type { HbbOffer } from '@portal/contract/api/leads';
import { mockFetch, ok, renderWithProviders, isUnavailable } from '@/testing/test-utils';
import { bodyOf, contentAndConfig, failure } from '@/testing/journeys';
import { HOME_STARTER_PLAN } from '../testing/offer';
import { checkHeldDuring, heldPressSaid } from '@/testing/slow-checks';
import { HbbLeadPage } from './hbb-lead-page';

afterEach(() => sessionStorage.clear());

const offer = (device = 'router-4g'): HbbOffer => ({
  device: {
    id: device,
    name: device === 'router-5g' ? '5G Home Router' : '4G Home Router',
    image: device,
    features: ['Connect up to 32 devices over Wi-Fi', 'Plug and play'],
  },
  plans: [
    HOME_STARTER_PLAN,
    {
      code: 'HBB-4G-UNL',
      description: 'Home Unlimited',
      data: 'Unlimited',
      dataUnit: '',
      validity: 30,
      validityUnit: 'Days',
      amount: 25000,
      currency: 'NGN',
    },
  ],
  connectionFee: 20000,
  currency: 'NGN',
});

function setup() {
  const calls = mockFetch({
    ...contentAndConfig(),
    [PATHS.hbbOffer]: (url) =>
      ok(offer(url.searchParams.get('device') === 'router-5g' ? 'router-5g' : 'router-4g')),
    [PATHS.cityList]: () =>
      ok({
        data: [
          { cityName: 'Ikeja', hbbLeadFeasibility: true },
          { cityName: 'Maiduguri', hbbLeadFeasibility: false },
        ],
      }),
    [PATHS.validateMsisdn]: (_url, init) =>
      bodyOf(init).msisdn === '8021000001' ? ok('PREPAID') : failure('INVALID_MSISDN', 'Invalid Mobile No'),
    [PATHS.formSave]: () => ok({ formId: 'FRM1', duplicate: false }),
    [PATHS.places]: () => ok([]),
  });
  const user = userEvent.setup();
  renderWithProviders(<HbbLeadPage />, { path: '/hbb-lead' });
  return { user, calls };
}

/** The details form, every field but the mobile number filled in; `number` then types it in. */
async function detailsWithoutNumber() {
  const { user, calls } = setup();
  await user.click(await screen.findByLabelText('Home Starter 30GB'));
  await user.click(screen.getByRole('button', { name: 'Proceed' }));
  const form = await screen.findByRole('form', { name: 'Your details' });
  await user.type(within(form).getByLabelText('Full name'), 'Ada Obi');
  await user.type(within(form).getByLabelText('Email'), 'ada@example.com');
  await user.type(within(form).getByLabelText('Installation address'), '12 Allen Avenue');
  await user.click(within(form).getByRole('button', { name: /Town/ }));
  await user.click(within(form).getByRole('option', { name: 'Ikeja' }));
  await user.click(within(form).getByLabelText(/I agree to be contacted/));
  const submit = within(form).getByRole('button', { name: 'Submit' });
  const number = (digits: string) => user.type(within(form).getByLabelText('Mobile number'), digits);
  return { user, calls, form, submit, number };
}

describe('HbbLeadPage', () => {
  it('shows the saved device, the plan table with the fee note, and enables Proceed once a plan is chosen', async () => {
    sessionStorage.setItem('hbbDevice', JSON.stringify({ id: 'router-5g' }));
    const { user, calls } = setup();
    expect(await screen.findByRole('heading', { name: '5G Home Router' })).toBeTruthy();
    expect(
      calls.some(
        (c) => c.url.pathname === PATHS.hbbOffer && c.url.searchParams.get('device') === 'router-5g',
      ),
    ).toBe(true);
    expect(screen.getByRole('img', { name: '5G Home Router' })).toBeTruthy();
    expect(screen.getByText('Connect up to 32 devices over Wi-Fi')).toBeTruthy();
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Select', 'Description', 'Data', 'Validity', 'Price']);
    expect(within(table).getByText('Unlimited')).toBeTruthy();
    // The catalogue's 'Days' said in the page's words, as the bundle list says them.
    expect(within(table).getAllByText('30 days')).toHaveLength(2);
    expect(within(table).getByText('NGN 25,000')).toBeTruthy();
    // On a phone each plan is a card, every value under its column's name (hbb-lead.css): a name shown there
    // only, hidden from screen readers, which still read a table: each cell's name is its value alone.
    const unlimited = within(table).getByRole('row', { name: /^Home Unlimited/ });
    expect(
      within(unlimited)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['', 'Home Unlimited', 'DataUnlimited', 'Validity30 days', 'PriceNGN 25,000']);
    for (const name of ['Unlimited', '30 days', 'NGN 25,000'])
      expect(within(unlimited).getByRole('cell', { name })).toBeTruthy();
    for (const label of unlimited.querySelectorAll('.hbb-plans__label'))
      expect(label.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText('Prices include taxes, plus a one-time connection fee of N20,000.')).toBeTruthy();
    expect(screen.getByText('Choose a plan from the table.')).toBeTruthy();

    const proceed = screen.getByRole('button', { name: 'Proceed' }) as HTMLButtonElement;
    expect(isUnavailable(proceed)).toBe(true);
    await user.click(screen.getByLabelText('Home Starter 30GB'));
    expect(isUnavailable(proceed)).toBe(false);
    // The selected plan card shows what is due now: plan plus connection fee.
    const selected = screen.getByRole('region', { name: 'Selected plan' });
    expect(within(selected).getByText('NGN 30,000')).toBeTruthy();
  });

  it('falls back to the default router without a saved device', async () => {
    const { calls } = setup();
    expect(await screen.findByRole('heading', { name: '4G Home Router' })).toBeTruthy();
    expect(calls.find((c) => c.url.pathname === PATHS.hbbOffer)?.url.searchParams.get('device')).toBeNull();
  });

  it('builds the details form from the schema, checks the number with the server and keeps submit disabled until valid', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByLabelText('Home Starter 30GB'));
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    const form = await screen.findByRole('form', { name: 'Your details' });
    const submit = within(form).getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    expect(isUnavailable(submit)).toBe(true);

    await user.type(within(form).getByLabelText('Full name'), 'Ada Obi');
    await user.type(within(form).getByLabelText('Mobile number'), '8031234567');
    expect(await within(form).findByText('Invalid Mobile No')).toBeTruthy();
    await user.clear(within(form).getByLabelText('Mobile number'));
    await user.type(within(form).getByLabelText('Mobile number'), '8021000001');
    await waitFor(() => expect(within(form).queryByText('Invalid Mobile No')).toBeNull());
    await user.type(within(form).getByLabelText('Email'), 'ada@example.com');
    await user.type(within(form).getByLabelText('Installation address'), '1234567890');
    expect(within(form).getByText('Please enter a valid address')).toBeTruthy();
    await user.clear(within(form).getByLabelText('Installation address'));
    await user.type(within(form).getByLabelText('Installation address'), '12 Allen Avenue');
    // The town's hint describes its dropdown, as every other field's hint describes its input.
    const town = within(form).getByRole('button', { name: /Town/ });
    expect(town.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      within(form).getByRole('button', {
        name: /Town/,
        description: 'The town or area where the router will be installed.',
      }),
    ).toBe(town);
    await user.click(town);
    await user.click(within(form).getByRole('option', { name: 'Ikeja' }));
    expect(isUnavailable(submit)).toBe(true);
    await user.click(within(form).getByLabelText(/I agree to be contacted/));
    await waitFor(() => expect(isUnavailable(submit)).toBe(false));

    await user.click(submit);
    // Saved with the server's rules, then the address is looked up; nothing is found here: manual pinning.
    expect(await screen.findByText(/We could not find your address on the map/)).toBeTruthy();
    const save = calls.find((c) => c.url.pathname === PATHS.formSave);
    expect(bodyOf(save?.init)).toMatchObject({
      formName: 'get-form-schema',
      language: 'en',
      data: { fullName: 'Ada Obi', contactNumber: '8021000001', town: 'Ikeja', consent: true },
    });
    const queries = calls
      .filter((c) => c.url.pathname === PATHS.places)
      .map((c) => c.url.searchParams.get('q'));
    expect(queries).toEqual(['12 Allen Avenue, Ikeja', 'Ikeja']);
    expect(isUnavailable(screen.getByRole('button', { name: 'Confirm location' }))).toBe(true);

    // Edit details goes back to the form with the values kept.
    await user.click(screen.getByRole('button', { name: 'Edit details' }));
    const again = await screen.findByRole('form', { name: 'Your details' });
    expect((within(again).getByLabelText('Full name') as HTMLInputElement).value).toBe('Ada Obi');
  });

  it('Submit pressed while the number is checked is held, and saves the details once the check passes', async () => {
    const { user, calls, submit, number } = await detailsWithoutNumber();
    const checks = await checkHeldDuring(() => number('8021000001'));
    expect(isUnavailable(submit)).toBe(true);
    await user.click(submit);
    expect(heldPressSaid()).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === PATHS.formSave)).toBe(false);
    checks.release();
    expect(await screen.findByText(/We could not find your address on the map/)).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname === PATHS.formSave)).toHaveLength(1);
  });

  it('Submit pressed while the number is checked is cancelled when the check refuses the number', async () => {
    const { user, calls, form, submit, number } = await detailsWithoutNumber();
    const checks = await checkHeldDuring(() => number('8031234567'));
    await user.click(submit);
    expect(heldPressSaid()).toBeTruthy();
    checks.release();
    expect(await within(form).findByText('Invalid Mobile No')).toBeTruthy();
    expect(isUnavailable(submit)).toBe(true);
    expect(calls.some((c) => c.url.pathname === PATHS.formSave)).toBe(false);
    expect(heldPressSaid()).toBeNull();
  });
});
