import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { rechargeToPaymentPage, settled } from './journeys-support';
import { resetSandbox } from './sandbox';

/**
 * The cheapest phones are 320 CSS pixels wide: no page may be wider than the screen (a sideways scroll
 * hides the amount or the pay button). Scrolling strips the page keeps to themselves (the main
 * navigation, the plan table) are fine; the page itself must fit.
 */
test.use({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

type Root = { documentElement: { scrollWidth: number; clientWidth: number } };

async function expectFits(page: Page, what: string) {
  // Runs in the page (this file is type-checked without the DOM library).
  const { page: width, screen } = await page.evaluate(() => {
    const root = (globalThis as unknown as { document: Root }).document.documentElement;
    return { page: root.scrollWidth, screen: root.clientWidth };
  });
  expect(width, `${what} is ${width} px wide on a ${screen} px screen`).toBeLessThanOrEqual(screen);
}

const PAGES = [
  '/',
  '/prepaid-recharge',
  '/postpaid-bill-pay',
  '/data-bundle',
  '/broadband-recharge',
  '/orp/fixed-internet',
  '/gethelp',
  '/hbb-lead',
  '/about',
  '/sw',
];

test('every journey page fits a 320 px screen', async ({ page }) => {
  for (const path of PAGES) {
    await page.goto(path);
    await settled(page);
    await expectFits(page, path);
  }
});

test('the header fits with the brand and the language chooser (the server renders it whole)', async ({
  page,
}) => {
  for (const path of ['/', '/sw', '/prepaid-recharge']) {
    await page.goto(path);
    await expect(page.locator('.site-header__brand')).toBeVisible();
    await expectFits(page, `the header of ${path}`);
  }
});

test('the payment page fits with each method open, and so does the data bundle list', async ({ page }) => {
  await page.goto('/data-bundle');
  await settled(page);
  await page.getByLabel('Mobile number').fill('8021000001');
  const list = page.getByRole('region', { name: 'Bundles' });
  await expect(list.getByRole('heading', { level: 3 }).first()).toBeVisible();
  await expectFits(page, 'the bundle list');

  await rechargeToPaymentPage(page, '8021000001', 500);
  for (const name of ['Debit/Credit Card', 'Airtime', 'Mobile Money', 'MPESA', 'SmartCash']) {
    const group = page.getByRole('button', { name, exact: true });
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await expect(page.getByRole('region', { name })).toBeVisible();
    await expectFits(page, `the payment page with ${name} open`);
  }
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const javaScriptEnabled of [true, false]) {
    test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
      test.use({ javaScriptEnabled });

      test("every fixed-internet invoice's number, period, amount, status in words and PAY BILL are on screen (they sat in a sideways scroll)", async ({
        page,
      }) => {
        for (const [lang, overdue, payBill] of [
          ['', 'Overdue', 'PAY BILL'],
          ['/yo', 'Ó ti kọjá àkókò', 'SAN BÍLÌ'],
        ] as const) {
          await page.goto(`${lang}/orp/fixed-internet`);
          if (javaScriptEnabled) await settled(page);
          await page.locator('input[name="accountNo"]').fill('PA0000000001');
          await page.locator('input[name="email"]').fill('billing@example.com');
          await page.locator('form.fixed-internet__form button[type="submit"]').click();
          const rows = page
            .getByRole('table')
            .getByRole('row')
            .filter({ has: page.getByRole('rowheader') });
          await expect(rows).toHaveCount(3);
          await expectFits(page, `${lang}/orp/fixed-internet with its invoices`);
          for (const row of await rows.all()) {
            const number = (await row.getByRole('rowheader').textContent())!;
            const parts = [
              row.getByRole('rowheader'),
              ...(await row.getByRole('cell').all()),
              row.getByRole('button', { name: payBill }),
            ];
            for (const part of parts) {
              await part.scrollIntoViewIfNeeded();
              const box = (await part.boundingBox())!;
              const what = `${lang} ${number}: ${await part.textContent()}`;
              expect(box.x, what).toBeGreaterThanOrEqual(0);
              expect(box.x + box.width, what).toBeLessThanOrEqual(360);
              await expect(part, what).toBeInViewport({ ratio: 1 });
            }
            // The dates as the app writes them, not '2026-09-28'.
            await expect(row).not.toContainText(/\d{4}-\d{2}-\d{2}/);
          }
          await expect(rows.first().getByText(overdue, { exact: true })).toBeVisible();
        }
      });
    });
  }

  test('a toast sits under the header, its close button inside it (it was over the logo)', async ({
    page,
  }) => {
    await page.goto('/orp/fixed-internet');
    await settled(page);
    await page.getByLabel('Account number').fill('PA0000000001');
    await page.getByLabel('Email').fill('ops@example.com');
    await page.getByRole('button', { name: 'show bills' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Account details do not match' });
    const header = await page.locator('header.site-header').boundingBox();
    // The toast slides in from above: its place once it has arrived.
    await expect
      .poll(async () => (await toast.boundingBox())?.y ?? -1)
      .toBeGreaterThanOrEqual(header!.height);
    const box = (await toast.boundingBox())!;
    const close = (await toast.getByRole('button', { name: 'Close' }).boundingBox())!;
    expect(close.y).toBeGreaterThanOrEqual(box.y);
    expect(close.y + close.height).toBeLessThanOrEqual(box.y + box.height);
    expect(close.x).toBeGreaterThanOrEqual(box.x);
    expect(close.x + close.width).toBeLessThanOrEqual(box.x + box.width);
  });
});
