import { expect, test } from './fixtures';
import { settled } from './journeys-support';
import { payOnCheckout, resetSandbox } from './sandbox';

/** Rules of the spec kept by the server, seen from the browser (docs/decisions/0080). */
test.beforeAll(async ({ request }) => {
  await resetSandbox(request);
});

test('a MiFi plan paid by card is a broadband recharge: its status page shows the transaction id', async ({
  page,
}) => {
  await page.goto('/broadband-recharge?msisdn=9021000005');
  await settled(page);
  // The web app's own calls carry the spec's API key and service id (spec §7).
  const options = page.waitForRequest((r) => r.url().includes('/transaction/v1/payment-options'));
  await page
    .getByRole('region', { name: 'Bundles' })
    .getByRole('button', { name: 'Buy MiFi Weekly 5GB for NGN 2,500' })
    .click();
  const headers = (await options).headers();
  expect(headers['x-api-key']).toBe('orp-selfcare-web');
  expect(headers['x-service-id']).toBe('ORP-SELFCARE');
  await page.getByRole('button', { name: 'Debit/Credit Card' }).click();
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByRole('button', { name: 'PROCEED TO PAY' }).click();
  await payOnCheckout(page, '4084 0840 8408 4081');
  await expect(page).toHaveURL(/\/payment\/status/, { timeout: 60_000 });
  const id = new URL(page.url()).searchParams.get('id');
  const row = page.locator('dl.rows > div', { has: page.locator('dt', { hasText: 'Transaction ID' }) });
  await expect(row.locator('dd')).toHaveText(id!);
});

test('a gateway return with an unknown reference lands on the not-found page', async ({ page }) => {
  const answer = await page.goto(
    '/api/portal-service/transaction/v1/pg-callback/status/ORP/paystack?txref=NOSUCH&status=SUCCESS',
  );
  await expect(page).toHaveURL(/\/page-not-found$/);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  expect(answer?.headers()['content-type']).toContain('text/html');
});

test('a postpaid line is offered no airtime; a hybrid line is', async ({ page }) => {
  for (const [msisdn, airtime] of [
    ['8021000002', 0],
    ['8021000003', 1],
  ] as const) {
    await page.goto('/postpaid-bill-pay');
    await settled(page);
    await page.getByLabel('Mobile number').fill(msisdn);
    await page.getByLabel('Amount').fill('1000');
    const pay = page.getByRole('button', { name: 'MAKE A PAYMENT' });
    await expect(pay).toBeEnabled();
    await pay.click();
    await expect(page.getByRole('button', { name: 'Debit/Credit Card', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Airtime', exact: true })).toHaveCount(airtime);
  }
});
