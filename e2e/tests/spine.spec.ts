import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  API_HEADERS,
  cardCheckout,
  coreSubscriber,
  operationsFor,
  payOnCheckout,
  resetSandbox,
} from './sandbox';
import { expectOutcome, settled, statusPageId } from './journeys-support';

/**
 * The payment spine (design §3) through the real UI: prepaid recharge -> payment page -> the sandbox card
 * gateway's hosted checkout -> back through the gateway return -> status page, then the operator core is
 * checked for exactly one credit.
 */
const NUMBER = '8021000001';
const AMOUNT = 500;
const SUCCESS_CARD = '4084 0840 8408 4081';
const DECLINE_CARD = '4000 0000 0000 0002';
const STATUS_PATH = '/orp/bfe/api/portal-service/transaction/v1/status';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

async function payByCard(page: Page, card: string, beforePaying?: () => Promise<void>) {
  await page.goto('/prepaid-recharge');
  await settled(page);
  await page.getByLabel('Mobile number').fill(NUMBER);
  await page.getByLabel('Amount').fill(String(AMOUNT));
  const buy = page.getByRole('button', { name: 'BUY AIRTIME' });
  await expect(buy).toBeEnabled();
  await buy.click();

  await expect(page).toHaveURL(/\/payment\/start/);
  await page.getByRole('button', { name: 'Debit/Credit Card' }).click();
  await expect(page).toHaveURL(/\/payment\/start\/card$/);
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByRole('button', { name: 'PROCEED TO PAY' }).click();

  // The sandbox gateway's checkout: its inline popup (or the hosted page for a redirect gateway).
  await beforePaying?.();
  await payOnCheckout(page, card);

  return statusPageId(page);
}

/** The transaction's own id and its gateway reference, as the status API reports them. */
async function transactionIds(page: Page, id: string): Promise<string[]> {
  const response = await page.request.get(`${STATUS_PATH}?tid=${encodeURIComponent(id)}`, {
    headers: API_HEADERS,
  });
  expect(response.ok()).toBeTruthy();
  const { result } = (await response.json()) as {
    result: { transactionId: string; refTransactionId: string | null };
  };
  return [id, result.transactionId, result.refTransactionId].filter((v): v is string => Boolean(v));
}

test('a card payment credits the airtime exactly once', async ({ page, request }) => {
  const before = await coreSubscriber(request, NUMBER);

  const id = await payByCard(page, SUCCESS_CARD);
  await expectOutcome(page, 'Thank you', 'Successful.');
  // Whoever holds the reference sees only the number's last four digits (docs/decisions/0065).
  await expect(page.getByText(`Dear ******${NUMBER.slice(-4)}`, { exact: false })).toBeVisible();

  const ids = await transactionIds(page, id);
  await expect
    .poll(async () => operationsFor(await coreSubscriber(request, NUMBER), 'AIRTIME_CREDIT', ids).length)
    .toBe(1);
  const after = await coreSubscriber(request, NUMBER);
  expect(after.airtimeBalance).toBeCloseTo(before.airtimeBalance + AMOUNT, 2);
  const [credit] = operationsFor(after, 'AIRTIME_CREDIT', ids);
  expect(credit?.amount).toBeCloseTo(AMOUNT, 2);

  // Return goes back to where the purchase started.
  await page.getByRole('link', { name: 'Return' }).click();
  await expect(page).toHaveURL(/\/prepaid-recharge$/);

  // Coming back to the status page (a reload, the gateway retrying its return) credits nothing more.
  await page.goto(`/payment/status?id=${encodeURIComponent(id)}`);
  await expectOutcome(page, 'Thank you', 'Successful.');
  const later = await coreSubscriber(request, NUMBER);
  expect(later.airtimeBalance).toBeCloseTo(before.airtimeBalance + AMOUNT, 2);
  expect(operationsFor(later, 'AIRTIME_CREDIT', ids)).toHaveLength(1);
});

test('browser back on the status page goes to where the purchase started (spec §2), not to the gateway', async ({
  page,
}) => {
  await payByCard(page, SUCCESS_CARD);
  await expectOutcome(page, 'Thank you', 'Successful.');
  // A reload adds no second step to go back through.
  await page.reload();
  await expectOutcome(page, 'Thank you', 'Successful.');
  await page.goBack();
  await expect(page).toHaveURL(/\/prepaid-recharge$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prepaid recharge');
});

test('a declined card ends unsuccessful, with a reason and no credit', async ({ page, request }) => {
  const before = await coreSubscriber(request, NUMBER);

  const id = await payByCard(page, DECLINE_CARD);
  await expectOutcome(page, /^(?!Thank you$|In Processing$).+/, 'Unsuccessful.');
  // The reason, starred as the spec shows it (the masked number starts with stars too, then digits).
  await expect(page.getByText(/^\*[^*\d].*/)).toBeVisible();

  const ids = await transactionIds(page, id);
  const after = await coreSubscriber(request, NUMBER);
  expect(after.airtimeBalance).toBeCloseTo(before.airtimeBalance, 2);
  expect(operationsFor(after, 'AIRTIME_CREDIT', ids)).toHaveLength(0);
});

test('a gateway that times out is asked again, never failed: In Processing, then paid once', async ({
  page,
  request,
}) => {
  const before = await coreSubscriber(request, NUMBER);
  // Every question the portal asks the gateway hangs past its 10 s time-out until the fault is lifted.
  const id = await payByCard(page, SUCCESS_CARD, async () => {
    // Only once the checkout is open: the popup's own start goes through the same gateway API.
    await cardCheckout(page);
    const fault = await request.patch('/sandbox/faults', {
      data: { card: { timeoutNext: 50, hangMs: 11_000 } },
    });
    expect(fault.ok()).toBeTruthy();
  });
  await settled(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('In Processing', { timeout: 30_000 });
  const pending = await request.get(`${STATUS_PATH}?tid=${encodeURIComponent(id)}`, { headers: API_HEADERS });
  expect(((await pending.json()) as { result: { status: string } }).result.status).toBe('REQUEST_REGISTERED');
  expect(operationsFor(await coreSubscriber(request, NUMBER), 'AIRTIME_CREDIT', [id])).toHaveLength(0);

  expect((await request.delete('/sandbox/faults')).ok()).toBeTruthy();
  await expectOutcome(page, 'Thank you', 'Successful.');
  const ids = await transactionIds(page, id);
  await expect
    .poll(async () => operationsFor(await coreSubscriber(request, NUMBER), 'AIRTIME_CREDIT', ids).length)
    .toBe(1);
  expect((await coreSubscriber(request, NUMBER)).airtimeBalance).toBeCloseTo(
    before.airtimeBalance + AMOUNT,
    2,
  );
});

test('home and prepaid recharge have no serious or critical accessibility violations', async ({ page }) => {
  for (const path of ['/', '/prepaid-recharge']) {
    await page.goto(path);
    await settled(page);
    await expect(page.getByLabel('Mobile number')).toBeVisible();
    if (path === '/')
      await expect(page.getByRole('heading', { name: 'What would you like to do?' })).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ path, id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
    expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
  }
});
