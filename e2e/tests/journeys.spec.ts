import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { coreSubscriber, payOnCheckout, resetSandbox } from './sandbox';
import { codeFromInbox, purchaseContext, settled, typeCode } from './journeys-support';

/**
 * Every purchase journey through the real UI up to the payment page (issue "Every purchase journey"): the
 * number checks, the bill and balance lookups by one-time code read from the sandbox SMS inbox, the bundle
 * list, the fixed-internet invoices, and the purchase context and summary the payment page receives.
 */
test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

async function summary(page: Page) {
  await expect(page).toHaveURL(/\/payment\/start/);
  const aside = page.locator('aside.purchase-summary');
  await expect(aside).toBeVisible();
  return aside;
}

async function noAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('main section.page').analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test.describe('postpaid bill payment', () => {
  test('fetches the bill by one-time code, rounds it up, and goes to payment', async ({ page, request }) => {
    await page.goto('/postpaid-bill-pay');
    await settled(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Postpaid bill payment');
    await expect(page.getByRole('button', { name: 'MAKE A PAYMENT' })).toBeDisabled();

    await page.getByLabel('Mobile number').fill('8021000001');
    await expect(page.getByText('Invalid Mobile No')).toBeVisible();
    await page.getByLabel('Mobile number').fill('8021000002');
    await expect(page.getByText('Invalid Mobile No')).toHaveCount(0);

    const fetchByOtp = page.getByRole('button', { name: 'Fetch bill with OTP' });
    await expect(fetchByOtp).toBeEnabled();
    await fetchByOtp.click();
    const dialog = page.getByRole('dialog', { name: 'Fetch your outstanding bill' });
    const since = new Date();
    await dialog.getByRole('button', { name: 'Get OTP' }).click();
    await expect(dialog.getByText('Enter the 6-digit code we sent to 802****002.')).toBeVisible();
    const getOutstanding = dialog.getByRole('button', { name: 'Get Outstanding' });
    await expect(getOutstanding).toBeDisabled();
    const code = await codeFromInbox(request, '8021000002', since);
    await typeCode(page, code);
    await expect(getOutstanding).toBeEnabled();
    await getOutstanding.click();
    await expect(dialog).toHaveCount(0);

    // NGN 12,345.50 outstanding; the higher-value feature is on in the NG configuration.
    await expect(page.getByLabel('Amount')).toHaveValue('12346');
    await expect(page.getByText('Outstanding bill: NGN 12,345.50')).toBeVisible();
    await expect(page.getByText('has been rounded up to NGN 12,346')).toBeVisible();
    await noAxeViolations(page);

    await page.getByRole('button', { name: 'MAKE A PAYMENT' }).click();
    const aside = await summary(page);
    await expect(aside.getByRole('heading', { name: 'POSTPAID BILL PAYMENT' })).toBeVisible();
    await expect(aside.getByText('1000000002')).toBeVisible();
    await expect(aside.getByText('NGN 12,346')).toBeVisible();
    expect(await purchaseContext(page)).toMatchObject({
      msisdn: '8021000002',
      amount: 12346,
      transactionType: 'POSTPAID_BILL',
      rechargeType: 'POSTPAID BILL PAYMENT',
      redirectPage: '/postpaid-bill-pay',
      invoiceDetail: { accountNo: '1000000002' },
    });
  });

  test('fetches a hybrid line’s bill by account number; the amount limits apply', async ({ page }) => {
    await page.goto('/postpaid-bill-pay');
    await settled(page);
    await page.getByLabel('Mobile number').fill('8021000003');
    await page.getByLabel('Amount').fill('50');
    await expect(page.getByText('Minimum amount should be NGN 100')).toBeVisible();
    await page.getByLabel('Amount').fill('600000');
    await expect(page.getByText('Maximum amount should be NGN 500,000')).toBeVisible();

    await page.getByRole('button', { name: 'Fetch bill with account number' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fetch bill with account number' });
    await dialog.getByLabel('Account number').fill('1000000002');
    await dialog.getByRole('button', { name: 'Get Outstanding' }).click();
    await expect(dialog.getByText('Account details do not match')).toBeVisible();
    await dialog.getByLabel('Account number').fill('1000000003');
    await dialog.getByRole('button', { name: 'Get Outstanding' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByLabel('Amount')).toHaveValue('3000');
    await expect(page.getByText(/rounded up/)).toHaveCount(0);
    await page.getByRole('button', { name: 'MAKE A PAYMENT' }).click();
    await summary(page);
    expect(await purchaseContext(page)).toMatchObject({
      msisdn: '8021000003',
      amount: 3000,
      lineType: 'HYBRID',
    });
  });
});

test.describe('bundles', () => {
  test('data bundle: the number only, then the grouped list; a bundle goes to payment', async ({ page }) => {
    await page.goto('/data-bundle');
    await settled(page);
    await expect(page.getByLabel('Amount')).toHaveCount(0);
    await page.getByLabel('Mobile number').fill('8021000001');
    const list = page.getByRole('region', { name: 'Bundles' });
    await expect(list.getByRole('heading', { level: 3 }).first()).toBeVisible();
    const groups = await list.getByRole('heading', { level: 3 }).allTextContents();
    expect(groups).toEqual([...groups].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(groups).toEqual(
      expect.arrayContaining(['Data Bundles', 'SMS Bundles', 'Roaming Bundles', 'Combo Bundles']),
    );
    expect(groups.some((g) => g.startsWith('Postpaid'))).toBe(false);
    const data = list.getByRole('group', { name: 'Data Bundles' });
    await expect(data.getByText('Unlimited').first()).toBeVisible();
    await expect(data.getByText('Others').first()).toBeVisible();

    await list.getByRole('button', { name: /Validity period/ }).click();
    await list.getByRole('combobox').fill('week');
    await list.getByRole('option', { name: 'Weekly' }).click();
    await expect(list.getByRole('group', { name: 'Data Bundles' }).getByText('Monthly 10GB')).toHaveCount(0);
    await list.getByRole('button', { name: /Validity period/ }).click();
    await list.getByRole('option', { name: 'All' }).click();
    await noAxeViolations(page);

    await list.getByRole('button', { name: 'Buy Monthly 10GB for NGN 4,500' }).click();
    const aside = await summary(page);
    await expect(aside.getByRole('heading', { name: 'Bundle Purchase' })).toBeVisible();
    await expect(aside.getByText('Monthly 10GB', { exact: true })).toBeVisible();
    await expect(aside.getByText('10GB, 30 days', { exact: true })).toBeVisible();
    await expect(aside.getByText('10 GB')).toBeVisible();
    expect(await purchaseContext(page)).toMatchObject({
      msisdn: '8021000001',
      amount: 4500,
      transactionType: 'PREPAID_BUNDLES',
      productCode: 'DATA_M_10GB',
      redirectPage: '/data-bundle',
      bundleInfo: { data: '10', dataUnit: 'GB', amount: 4500, lineType: 'PREPAID' },
    });
  });

  test('postpaid bundles appear when the setting enables them', async ({ page, request }) => {
    await page.goto('/data-bundle');
    await settled(page);
    await page.getByLabel('Mobile number').fill('8021000002');
    await expect(page.getByText('Postpaid lines cannot buy bundles here')).toBeVisible();
    expect(
      (await request.patch('/sandbox/config', { data: { enablePostpaidBundles: true } })).ok(),
    ).toBeTruthy();
    await page.goto('/data-bundle?msisdn=8021000002');
    await settled(page);
    const list = page.getByRole('region', { name: 'Bundles' });
    await expect(list.getByRole('heading', { name: 'Postpaid Data Bundles' })).toBeVisible();
    await list.getByRole('button', { name: /Buy Postpaid Monthly 10GB/ }).click();
    await summary(page);
    expect(await purchaseContext(page)).toMatchObject({
      transactionType: 'POSTPAID_BUNDLES',
      productCode: 'POST_DATA_M_10GB',
    });
  });

  test('prepaid recharge: the bundle list appears below the amount after validation', async ({ page }) => {
    await page.goto('/prepaid-recharge');
    await settled(page);
    await expect(page.getByRole('region', { name: 'Bundles' })).toHaveCount(0);
    await page.getByLabel('Mobile number').fill('8021000001');
    const list = page.getByRole('region', { name: 'Bundles' });
    await list.getByRole('button', { name: 'Buy Daily 1GB for NGN 500' }).click();
    await summary(page);
    expect(await purchaseContext(page)).toMatchObject({
      msisdn: '8021000001',
      transactionType: 'PREPAID_BUNDLES',
      productCode: 'DATA_D_1GB',
      amount: 500,
      redirectPage: '/prepaid-recharge',
    });
  });

  test('a bundle bought by card is provisioned once on the network', async ({ page, request }) => {
    await page.goto('/data-bundle?msisdn=8021000004');
    await settled(page);
    await page
      .getByRole('region', { name: 'Bundles' })
      .getByRole('button', { name: 'Buy Weekly 1.5GB for NGN 1,000' })
      .click();
    await summary(page);
    await page.getByRole('button', { name: 'Debit/Credit Card' }).click();
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByRole('button', { name: 'PROCEED TO PAY' }).click();
    await payOnCheckout(page, '4084 0840 8408 4081');
    await expect(page).toHaveURL(/\/payment\/status/);
    await expect
      .poll(
        async () =>
          (await coreSubscriber(request, '8021000004')).operations.filter(
            (o) => o.type === 'BUNDLE_PROVISION',
          ).length,
        {
          timeout: 60_000,
        },
      )
      .toBe(1);
  });
});

test.describe('broadband recharge', () => {
  test('fetches the data balance by one-time code, shows the active bundle, then the plans', async ({
    page,
    request,
  }) => {
    await page.goto('/broadband-recharge');
    await settled(page);
    await page.getByLabel('Mobile number').fill('8021000001');
    await expect(page.getByText('Invalid Mobile No')).toBeVisible();
    await page.getByLabel('Mobile number').fill('9021000005');
    const fetch = page.getByRole('button', { name: 'Fetch your Data Balance' });
    await expect(fetch).toBeEnabled();
    const since = new Date();
    await fetch.click();
    const otp = page.getByRole('dialog', { name: 'Confirm it is your device' });
    await expect(otp.getByText('902****005')).toBeVisible();
    await typeCode(page, await codeFromInbox(request, '9021000005', since));

    const popup = page.getByRole('dialog', { name: 'Your active bundle' });
    const row = popup.getByRole('row', { name: /MiFi Monthly 10GB/ });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').nth(0)).toHaveText('10 GB');
    await expect(row.getByRole('cell').nth(1)).toHaveText(
      /^\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/,
    );
    await popup.getByRole('button', { name: 'Choose a new plan' }).click();
    await expect(popup).toHaveCount(0);

    const list = page.getByRole('region', { name: 'Bundles' });
    await expect(list.getByRole('heading', { name: 'MiFi Internet Plans' })).toBeVisible();
    await expect(list.getByRole('heading', { name: 'Data Bundles' })).toHaveCount(0);
    await noAxeViolations(page);
    await list.getByRole('button', { name: 'Buy MiFi Monthly 25GB for NGN 9,000' }).click();
    const aside = await summary(page);
    await expect(aside.getByRole('heading', { name: 'Broadband Recharge' })).toBeVisible();
    expect(await purchaseContext(page)).toMatchObject({
      msisdn: '9021000005',
      amount: 9000,
      rechargeType: 'Broadband Recharge',
      productCode: 'MIFI_MONTHLY_25GB',
      redirectPage: '/broadband-recharge',
    });
  });
});

test.describe('fixed internet', () => {
  test('shows the open invoices with the overdue one flagged; PAY BILL carries the invoice', async ({
    page,
  }) => {
    await page.goto('/orp/fixed-internet');
    await settled(page);
    const show = page.getByRole('button', { name: 'show bills' });
    await expect(show).toBeDisabled();
    await page.getByLabel('Account number').fill('XA00');
    await page.getByLabel('Email').click();
    await expect(page.getByText('Invalid Account Number')).toBeVisible();
    await page.getByLabel('Account number').fill('PA0000000001');
    await page.getByLabel('Email').fill('billing@example');
    await page.getByLabel('Account number').click();
    await expect(page.getByText('Invalid Email Id')).toBeVisible();
    await expect(show).toBeDisabled();
    await page.getByLabel('Email').fill('ops@example.com');
    await show.click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Account details do not match' }).first(),
    ).toBeVisible();

    await page.getByLabel('Email').fill('billing@example.com');
    await show.click();
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(4);
    const overdue = table.getByRole('row', { name: /INV0000000101/ });
    await expect(overdue.getByText('Overdue')).toBeVisible();
    await expect(table.getByRole('row', { name: /INV0000000102/ }).getByText('Open')).toBeVisible();
    await expect(table.getByRole('button', { name: /^PAY BILL, invoice / })).toHaveCount(3);
    await noAxeViolations(page);

    await table.getByRole('button', { name: 'PAY BILL, invoice INV0000000103, NGN 12,500.50' }).click();
    const aside = await summary(page);
    await expect(aside.getByRole('heading', { name: 'FIXED INTERNET BILL PAYMENT' })).toBeVisible();
    await expect(aside.getByText('INV0000000103')).toBeVisible();
    await expect(aside.getByText('PA0000000001')).toBeVisible();
    await expect(aside.getByText('NGN 12,500.50')).toBeVisible();
    expect(await purchaseContext(page)).toMatchObject({
      msisdn: '8021000001',
      amount: 12500.5,
      transactionType: 'POSTPAID_BILL',
      emailId: 'billing@example.com',
      invoiceDetail: { accountNo: 'PA0000000001', invoiceNo: 'INV0000000103' },
    });
  });
});

test('the journeys speak Swahili under /sw', async ({ page }) => {
  await page.goto('/sw/data-bundle');
  await settled(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vifurushi vya data');
  await page.goto('/sw/orp/fixed-internet');
  await settled(page);
  await expect(page.getByRole('button', { name: 'onyesha bili' })).toBeDisabled();
});

test('BUY AIRTIME stays a Tab stop while the form is incomplete, said to be unavailable, and Enter on it sends nothing', async ({
  page,
}) => {
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await page.goto('/prepaid-recharge');
  await settled(page);
  const number = page.getByLabel('Mobile number');
  const amount = page.getByLabel('Amount');
  const buy = page.getByRole('button', { name: 'BUY AIRTIME' });
  await number.fill('80210');
  await amount.fill('500');
  await expect(buy).toHaveAttribute('aria-disabled', 'true');
  await expect(buy).toBeDisabled();
  await amount.press('Tab');
  await expect(buy).toBeFocused();
  await buy.press('Enter');
  await amount.press('Enter');

  await number.fill('8021000001');
  await expect(buy).toBeEnabled();
  await buy.press('Enter');
  await expect(page).toHaveURL(/\/payment\/start/);
  await expect(page.locator('aside.purchase-summary')).toContainText('8021000001');
  // The payment page was reached once, by the last Enter: the paths up to it are the prepaid page's own.
  const arrival = visited.findIndex((path) => path.startsWith('/payment/'));
  expect(visited.slice(0, arrival).every((path) => path === '/prepaid-recharge')).toBe(true);
  expect(visited.slice(arrival).every((path) => path.startsWith('/payment/start'))).toBe(true);
});
