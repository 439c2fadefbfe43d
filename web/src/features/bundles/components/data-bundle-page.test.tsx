import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PATHS } from '@portal/contract/paths';
import { exampleBundle } from '@portal/contract/testing/examples';
import type { ConfigData } from '@portal/contract/api/config';
import { getPurchaseContext } from '@/lib/purchase-context';
import { mockFetch, ok, renderWithProviders } from '@/testing/test-utils';
import { bodyOf, contentAndConfig, failure } from '@/testing/journeys';
import { DataBundlePage } from './data-bundle-page';
import { MONTHLY_10GB_INFO } from '@/testing/fixtures';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  sessionStorage.clear();
});

const BUNDLES = [
  exampleBundle({ name: 'Monthly 10GB', data: '10', amount: 4500, description: '10GB, 30 days' }),
  exampleBundle({ name: 'Daily 1GB', periodType: 'Daily', validity: 1, amount: 500 }),
  exampleBundle({ name: 'Always-On 500MB', periodType: '', validity: -1, data: '500', dataUnit: 'MB' }),
  exampleBundle({
    name: 'Weekly 100 SMS',
    category: 'SMS Bundles',
    periodType: 'Weekly',
    validity: 7,
    data: '',
    dataUnit: '',
    sms: '100',
    amount: 100,
  }),
  exampleBundle({
    name: 'UK 20 mins',
    category: 'International Calling Bundles',
    periodType: 'Weekly',
    validity: 7,
    data: '',
    voice: '20',
    voiceUnit: 'Mins',
  }),
  exampleBundle({ name: 'Combo', category: 'Combo Bundles', voice: '100', voiceUnit: 'Mins', sms: '50' }),
  exampleBundle({
    name: 'Roam',
    category: 'Roaming Bundles',
    periodType: 'Weekly',
    validity: 7,
    amount: 15000,
  }),
];
const POSTPAID = [
  exampleBundle({
    name: 'Postpaid 10GB',
    category: 'Postpaid Data Bundles',
    lineType: 'POSTPAID',
    linetype: 'POSTPAID',
  }),
];
const LINES: Record<string, string> = {
  '8021000001': 'PREPAID',
  '8021000002': 'POSTPAID',
  '8021000003': 'HYBRID',
};

function setup(config: Partial<ConfigData> = {}) {
  const calls = mockFetch({
    ...contentAndConfig(config),
    [PATHS.validateMsisdn]: (_url, init) => {
      const line = LINES[String(bodyOf(init).msisdn)];
      return line ? ok(line) : failure('INVALID_MSISDN', 'Invalid Mobile No');
    },
    [PATHS.bundles]: (_url, init) => (bodyOf(init).msisdn === '8021000002' ? ok(POSTPAID) : ok(BUNDLES)),
  });
  const user = userEvent.setup();
  renderWithProviders(<DataBundlePage />, {
    path: '/data-bundle',
    routes: [
      { path: '/data-bundle', element: <DataBundlePage /> },
      { path: '/payment/start', element: <p>payment page</p> },
    ],
  });
  const typeNumber = async (n: string) => user.type(await screen.findByLabelText('Mobile number'), n);
  return { calls, user, typeNumber };
}

describe('data bundle page and the bundle list', () => {
  it('asks for the number only; the list appears once the number is validated', async () => {
    const { typeNumber, calls } = setup();
    expect(await screen.findByLabelText('Mobile number')).toBeTruthy();
    expect(screen.queryByLabelText('Amount')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Bundles' })).toBeNull();
    await typeNumber('8021000001');
    const list = await screen.findByRole('region', { name: 'Bundles' });
    await within(list).findByText('Monthly 10GB');
    expect(bodyOf(calls.find((c) => c.url.pathname === PATHS.bundles)!.init)).toEqual({
      msisdn: '8021000001',
      lineType: 'PREPAID',
      serviceType: null,
    });
  });

  it('groups by category in alphabetical order, validity ascending, -1 as Unlimited, with category icons', async () => {
    const { typeNumber } = setup();
    await typeNumber('8021000001');
    const list = await screen.findByRole('region', { name: 'Bundles' });
    await within(list).findByText('Monthly 10GB');
    const headings = within(list)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(headings).toEqual([
      'Combo Bundles',
      'Data Bundles',
      'International Calling Bundles',
      'Roaming Bundles',
      'SMS Bundles',
    ]);
    const data = within(list).getByRole('group', { name: 'Data Bundles' });
    const names = within(data)
      .getAllByRole('heading', { level: 4 })
      .map((h) => h.textContent);
    expect(names).toEqual(['Always-On 500MB', 'Daily 1GB', 'Monthly 10GB']);
    const always = data.querySelector('[data-product-code="Always-On 500MB"]') as HTMLElement;
    expect(within(always).getByText('Unlimited')).toBeTruthy();
    expect(within(always).getByText('Others')).toBeTruthy();
    expect(within(data).getByText('30 days')).toBeTruthy();
    expect(within(data).getByText('1 day')).toBeTruthy();
    // Minutes are said in the page's words ('Mins' in the catalogue).
    const combo = within(list).getByRole('group', { name: 'Combo Bundles' });
    expect(within(combo).getByText('100 mins')).toBeTruthy();
    const icons = [...list.querySelectorAll('.bundle-group__icon')].map((e) => e.getAttribute('data-icon'));
    expect(icons).toEqual(['combo', 'data', 'international', 'roaming', 'sms']);
  });

  it('filters by validity period with the searchable dropdown (blank period types are Others)', async () => {
    const { typeNumber, user } = setup();
    await typeNumber('8021000001');
    const list = await screen.findByRole('region', { name: 'Bundles' });
    await within(list).findByText('Monthly 10GB');
    await user.click(within(list).getByRole('button', { name: /Validity period/ }));
    const options = within(list)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['All', 'Daily', 'Monthly', 'Others', 'Weekly']);
    await user.type(within(list).getByRole('combobox'), 'zz');
    expect(within(list).getByText('No match')).toBeTruthy();
    await user.clear(within(list).getByRole('combobox'));
    await user.click(within(list).getByRole('option', { name: 'Weekly' }));
    const headings = within(list)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(headings).toEqual(['International Calling Bundles', 'Roaming Bundles', 'SMS Bundles']);
  });

  it('choosing a bundle stores a bundle purchase and opens the payment page', async () => {
    const { typeNumber, user } = setup();
    await typeNumber('8021000001');
    const list = await screen.findByRole('region', { name: 'Bundles' });
    await user.click(await within(list).findByRole('button', { name: 'Buy Monthly 10GB for NGN 4,500' }));
    expect(await screen.findByText('payment page')).toBeTruthy();
    const context = getPurchaseContext()!;
    expect(context).toMatchObject({
      msisdn: '8021000001',
      amount: 4500,
      transactionType: 'PREPAID_BUNDLES',
      productCode: 'Monthly 10GB',
      lineType: 'PREPAID',
      redirectPage: '/data-bundle',
      bundleInfo: MONTHLY_10GB_INFO,
    });
    expect(context.rechargeType).toBeUndefined();
  });

  it('postpaid lines are told bundles are not sold to them here unless postpaid bundles are enabled', async () => {
    const off = setup();
    await off.typeNumber('8021000002');
    expect(await screen.findByText('Postpaid lines cannot buy bundles here')).toBeTruthy();
    expect(screen.queryByText('Invalid Mobile No')).toBeNull();
  });

  it('postpaid lines see postpaid bundles when the setting enables them', async () => {
    const { typeNumber, user } = setup({ enablePostpaidBundles: true });
    await typeNumber('8021000002');
    const list = await screen.findByRole('region', { name: 'Bundles' });
    await user.click(await within(list).findByRole('button', { name: /Buy Postpaid 10GB/ }));
    await waitFor(() => expect(getPurchaseContext()?.transactionType).toBe('POSTPAID_BUNDLES'));
  });
});
