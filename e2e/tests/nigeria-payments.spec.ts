import { type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect, test } from './fixtures';
import { coreSubscriber, payOnCheckout, resetSandbox } from './sandbox';

/**
 * Issue 15 through the real UI, in Yoruba: the SMS of a purchase speaks the language it was made in, and a
 * second identical recharge within the window asks before charging, charging only after "buy again".
 */
const NUMBER = '8021000001';
const AMOUNT = 730;
const SUCCESS_CARD = '4084 0840 8408 4081';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
  // The suite runs with the guard off (playwright.config.ts); NG's own window is 10 minutes.
  const patched = await request.patch('/sandbox/config', { data: { duplicatePurchaseWindowMinutes: 10 } });
  expect(patched.ok()).toBeTruthy();
});

/** A Yoruba recharge of AMOUNT up to the card checkout (labels in Yoruba, so fields by name). */
async function startYorubaRecharge(page: Page) {
  await page.goto('/yo/prepaid-recharge');
  await expect(page.locator('.loading-screen')).toHaveCount(0);
  await page.locator('input[name="msisdn"]').fill(NUMBER);
  await page.locator('input[name="amount"]').fill(String(AMOUNT));
  const buy = page.locator('form button[type="submit"]').first();
  await expect(buy).toBeEnabled();
  await buy.click();
  await expect(page).toHaveURL(/\/yo\/payment\/start\/card$/);
  await page.locator('input[type="email"]').fill('ada@example.com');
  await page.getByRole('button', { name: 'TẸ̀SÍWÁJÚ LÁTI SANWÓ' }).click();
}

const credits = async (page: Page) =>
  (await coreSubscriber(page.request, NUMBER)).operations.filter(
    (o) => o.type === 'AIRTIME_CREDIT' && Math.abs(o.amount - AMOUNT) < 0.01,
  ).length;

test('a Yoruba purchase gets its SMS and a PDF receipt in Yoruba; the same recharge again asks first and charges only after "buy again"', async ({
  page,
}) => {
  const before = await credits(page);
  await startYorubaRecharge(page);
  await payOnCheckout(page, SUCCESS_CARD);
  await expect(page).toHaveURL(/\/payment\/status/);
  await expect.poll(() => credits(page), { timeout: 30_000 }).toBe(before + 1);

  // The SMS arrives in the language of the purchase (the sandbox's inbox, design §4).
  await expect
    .poll(async () => {
      const inbox = (await (await page.request.get(`/sandbox/sms?to=${NUMBER}`)).json()) as {
        text: string;
      }[];
      return inbox.find((m) => m.text.includes('₦730'))?.text ?? '';
    })
    .toContain('ti yọrí sí rere');

  // Its receipt: a link on the status page to a PDF made by the server, in the page's language.
  const receipt = page.getByRole('link', { name: 'Ṣe ìgbàsílẹ̀ rìsíìtì (PDF)' });
  await expect(async () => {
    await page.reload();
    await expect(receipt).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  const href = await receipt.getAttribute('href');
  expect(href).toContain('lang=yo');
  const pdf = await page.request.get(href!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const bytes = (await pdf.body()).toString('latin1');
  expect(bytes.startsWith('%PDF-')).toBe(true);
  const reference = new URL(page.url()).searchParams.get('id')!;
  expect(bytes).toContain(`(${reference})`);
  expect(bytes).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Regular/);
  // Its text, as a PDF reader gets it: Yoruba labels, the reference, the card by its last four digits only.
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), {
    mergePages: true,
  });
  expect(text).toContain('Rìsíìtì ìsanwó');
  expect(text).toContain(reference);
  expect(text).toContain(`Káàdì •••• ${SUCCESS_CARD.slice(-4)}`);
  expect(text).toContain('₦730.00');
  expect(text).not.toContain(SUCCESS_CARD.replace(/ /g, '').slice(0, 6));

  // The same recharge again: the page says when and which, and nothing is charged yet.
  await startYorubaRecharge(page);
  const dialog = page.getByRole('dialog', { name: 'Ohun kan náà ní ìṣẹ́jú díẹ̀ sẹ́yìn' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(/nọ́mbà ìtọ́kasí …[A-Z0-9]{6}/);
  expect(await credits(page)).toBe(before + 1);

  await dialog.getByRole('button', { name: 'RÀ Á LẸ́Ẹ̀KAN SÍ I' }).click();
  await payOnCheckout(page, SUCCESS_CARD);
  await expect(page).toHaveURL(/\/payment\/status/);
  await expect.poll(() => credits(page), { timeout: 30_000 }).toBe(before + 2);
});
