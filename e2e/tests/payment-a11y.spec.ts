import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSeriousAxeViolations, rechargeToPaymentPage, settled } from './journeys-support';
import { payOnCheckout, resetSandbox } from './sandbox';

/**
 * The pages where money moves have no serious or critical accessibility violations: the payment page with
 * each method open (both markets: the CD one adds the currency switch) and the status page, successful and
 * unsuccessful (red).
 */
const NUMBER = '8021000001';
const CD_BASE_URL = process.env.E2E_CD_BASE_URL;

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

async function everyMethod(page: Page, market: string) {
  const methods = page.locator('.payment__method');
  await expect(methods.first()).toBeVisible();
  const names = await methods.allTextContents();
  expect(names.length, `${market}: methods offered`).toBeGreaterThanOrEqual(4);
  for (const name of names) {
    await page.getByRole('button', { name, exact: true }).click();
    await expect(page.getByRole('heading', { name, level: 3 })).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'main', `${market}: the payment page with ${name}`);
  }
}

test('the payment page, with each method open, passes an accessibility scan', async ({ page }) => {
  await rechargeToPaymentPage(page, NUMBER, 500);
  await everyMethod(page, 'NG');
});

test('the second market’s payment page, with its currency switch, passes too', async ({ page }) => {
  test.skip(!CD_BASE_URL, 'E2E_CD_BASE_URL names no CD portal');
  await rechargeToPaymentPage(page, NUMBER, 500, CD_BASE_URL);
  await expect(page.getByRole('group', { name: 'Currency' })).toBeVisible();
  await everyMethod(page, 'CD');
});

test('the status page passes, successful and unsuccessful', async ({ page }) => {
  for (const [card, heading] of [
    ['4084 0840 8408 4081', 'Thank you'],
    ['4000 0000 0000 0002', /FAILED|FALIURE/],
  ] as const) {
    await rechargeToPaymentPage(page, NUMBER, 500);
    await page.getByRole('button', { name: 'Debit/Credit Card', exact: true }).click();
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByRole('button', { name: 'PROCEED TO PAY' }).click();
    await payOnCheckout(page, card);
    await expect(page).toHaveURL(/\/payment\/status/);
    await expect(async () => {
      await page.reload();
      await settled(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading, { timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    await expectNoSeriousAxeViolations(page, 'main', `the status page (${String(heading)})`);
  }
});
