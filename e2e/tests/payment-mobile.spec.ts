import { expect, test } from './fixtures';
import { rechargeToPaymentPage } from './journeys-support';
import { resetSandbox } from './sandbox';

/**
 * The payment page on a phone (spec §2): an accordion of the five method groups, one open at a time, and
 * a header back arrow home. Desktop shows one method at a time (payment-methods.spec.ts).
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

test('an accordion of the five groups, the card group open first, and a back arrow home', async ({
  page,
}) => {
  await rechargeToPaymentPage(page, '8021000001', 500);

  const groups = ['Debit/Credit Card', 'Airtime', 'Mobile Money', 'MPESA', 'SmartCash'];
  for (const name of groups) {
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  }
  const card = page.getByRole('button', { name: 'Debit/Credit Card', exact: true });
  await expect(card).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: 'Debit/Credit Card' }).getByLabel('Email')).toBeVisible();

  // Opening another group closes the first; the route follows, replacing history.
  await page.getByRole('button', { name: 'Mobile Money', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Mobile Money', exact: true })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(card).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('region', { name: 'Mobile Money' })).toBeVisible();

  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
