import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pollPushUntilStatusPage, settled } from './journeys-support';
import { coreSubscriber, resetSandbox } from './sandbox';

/**
 * The second market (MARKET=CD, content/config/CD.json): the same build, served with the market written
 * into the page. Dual currency is on: the payment page shows the USD/CDF switch with usdAmount = amount/100
 * and the CDF amount from `transaction/get/exchange/rate`; under 1 USD only mobile money remains; the
 * payment is made in francs.
 */
const CD_BASE_URL = process.env.E2E_CD_BASE_URL;
const PAYER = '8021000001';

test.skip(!CD_BASE_URL, 'E2E_CD_BASE_URL names no CD portal (set it next to E2E_BASE_URL)');
test.use({ baseURL: CD_BASE_URL });

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

async function rechargeToPaymentPage(page: Page, amount: number) {
  await page.goto('/prepaid-recharge');
  await settled(page);
  await expect(page.locator('meta[name="portal-market"]')).toHaveAttribute('content', 'CD');
  await page.getByLabel('Mobile number').fill(PAYER);
  await page.getByLabel('Amount').fill(String(amount));
  const buy = page.getByRole('button', { name: 'BUY AIRTIME' });
  await expect(buy).toBeEnabled();
  await buy.click();
  await expect(page).toHaveURL(/\/payment\/start/);
}

const summary = (page: Page) => page.getByRole('complementary', { name: 'PREPAID RECHARGE' });

async function airtime(request: APIRequestContext) {
  return (await coreSubscriber(request, PAYER)).airtimeBalance;
}

test('CDF 500: both converted amounts, the switch, and no card for francs', async ({ page }) => {
  await rechargeToPaymentPage(page, 500);
  const aside = summary(page);
  await expect(aside.getByText('CDF 500', { exact: true })).toBeVisible();
  // usdAmount = 500 / 100 = 5; 5 USD at the configured 2850 CDF.
  await expect(aside.getByText('USD 5.00', { exact: true })).toBeVisible();
  await expect(aside.getByText('CDF 14,250.00', { exact: true })).toBeVisible();
  const switcher = aside.getByRole('group', { name: 'Currency' });
  await expect(switcher.getByRole('radio', { name: 'USD' })).toBeChecked();
  await switcher.getByRole('radio', { name: 'CDF' }).check();
  await expect(switcher.getByRole('radio', { name: 'CDF' })).toBeChecked();

  await expect(page.getByRole('button', { name: 'Mobile Money', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'MPESA', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Debit/Credit Card', exact: true })).toHaveCount(0);
});

test('CDF 60 is under 1 USD: only mobile money, and the push payment credits once', async ({
  page,
  request,
}) => {
  await page.clock.install();
  const before = await airtime(request);
  await rechargeToPaymentPage(page, 60);
  await expect(summary(page).getByText('USD 0.60', { exact: true })).toBeVisible();
  await expect(summary(page).getByText('CDF 1,710.00', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mobile Money', exact: true })).toBeVisible();
  for (const other of ['Debit/Credit Card', 'Airtime', 'SmartCash', 'MPESA']) {
    await expect(page.getByRole('button', { name: other, exact: true })).toHaveCount(0);
  }

  await page.getByRole('button', { name: 'Mobile Money', exact: true }).click();
  const proceed = page.getByRole('button', { name: 'PROCEED TO PAY' });
  await expect(proceed).toBeEnabled();
  await proceed.click();
  await expect(page.getByRole('dialog', { name: 'Processing' })).toBeVisible();

  let prompt: { id: string; amount: number; currency: string } | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/sandbox/phone/${PAYER}/prompts`);
      prompt = response.ok() ? ((await response.json()) as NonNullable<typeof prompt>[])[0] : undefined;
      return prompt?.id;
    })
    .toBeTruthy();
  expect(prompt).toMatchObject({ amount: 60, currency: 'CDF' });
  const approved = await request.post(`/sandbox/phone/${PAYER}/prompts/${prompt!.id}/approve`, {
    data: { pin: '1234' },
  });
  expect(approved.status()).toBeLessThan(400);
  await pollPushUntilStatusPage(page);
  await expect(async () => {
    await page.reload();
    await settled(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you', { timeout: 8_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByText('CDF 60', { exact: true })).toBeVisible();
  await expect.poll(() => airtime(request), { timeout: 30_000 }).toBe(before + 60);
});
