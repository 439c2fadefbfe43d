import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { resetSandbox } from './sandbox';
import { codeFromInbox, settled, typeCode } from './journeys-support';

/**
 * The one-time-code entry (spec §4 "OTP entry", §8) in the browser, with codes read from the sandbox SMS
 * inbox as the subscriber reads their phone: wrong codes count down, five exhaust the challenge, a resend after
 * the 60 s countdown gives five tries again, and a pasted code fills the six boxes.
 */
const NUMBER = '8021000003';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

/** Opens the bill-by-code dialog of the postpaid page and sends a code. */
async function openCodeDialog(page: Page) {
  await page.goto('/postpaid-bill-pay');
  await settled(page);
  await page.getByLabel('Mobile number').fill(NUMBER);
  await page.getByRole('button', { name: 'Fetch bill with OTP' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fetch your outstanding bill' });
  const since = new Date();
  await dialog.getByRole('button', { name: 'Get OTP' }).click();
  await expect(dialog.getByLabel('Digit 1 of 6')).toBeVisible();
  return { dialog, since };
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

test('six boxes with auto-advance; a wrong code counts down, the right one fetches the bill', async ({
  page,
  request,
}) => {
  const { dialog, since } = await openCodeDialog(page);
  const code = await codeFromInbox(request, NUMBER, since);
  await expect(dialog.getByRole('group', { name: 'One-time code' })).toBeVisible();
  await typeCode(page, wrongCode(code).slice(0, 3));
  await expect(dialog.getByLabel('Digit 4 of 6')).toBeFocused();
  await page.keyboard.type(wrongCode(code).slice(3));
  await dialog.getByRole('button', { name: 'Get Outstanding' }).click();
  await expect(dialog.getByText('Please enter correct OTP')).toBeVisible();
  await expect(dialog.getByText('ATTEMPTS LEFT: 4')).toBeVisible();
  await expect(dialog.getByLabel('Digit 1 of 6')).toHaveValue('');

  // The whole code pasted into the first box fills all six.
  // A paste event carrying the whole code, as the browser fires it (runs in the page; this file is type-checked
  // without the DOM library, hence the casts).
  await dialog.getByLabel('Digit 1 of 6').evaluate((element, text) => {
    type Data = { setData(format: string, data: string): void };
    const page = globalThis as unknown as {
      DataTransfer: new () => Data;
      ClipboardEvent: new (
        type: string,
        init: { clipboardData: Data; bubbles: boolean; cancelable: boolean },
      ) => unknown;
    };
    const data = new page.DataTransfer();
    data.setData('text/plain', text);
    const event = new page.ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
    (element as unknown as { dispatchEvent(event: unknown): boolean }).dispatchEvent(event);
  }, code);
  await expect(dialog.getByLabel('Digit 6 of 6')).toHaveValue(code[5]!);
  await dialog.getByRole('button', { name: 'Get Outstanding' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByLabel('Amount')).toHaveValue('3000');
});

test('five wrong codes exhaust the challenge; resend after 60 s gives five tries and a new code', async ({
  page,
  request,
}) => {
  await page.clock.install();
  const { dialog, since } = await openCodeDialog(page);
  const code = await codeFromInbox(request, NUMBER, since);
  const resend = dialog.getByRole('button', { name: /Resend OTP/ });
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText('Resend OTP in 60 s');

  for (let attempt = 1; attempt <= 5; attempt++) {
    await typeCode(page, wrongCode(code));
    await dialog.getByRole('button', { name: 'Get Outstanding' }).click();
    if (attempt < 5) await expect(dialog.getByText(`ATTEMPTS LEFT: ${5 - attempt}`)).toBeVisible();
  }
  await expect(dialog.getByText('Maximum attempts exhausted.')).toBeVisible();
  await expect(dialog.getByText('ATTEMPTS LEFT: 0')).toBeVisible();
  await expect(dialog.getByLabel('Digit 1 of 6')).toBeDisabled();

  // The countdown: one second at a time, as the page's own timer sees it.
  for (let second = 0; second < 60; second++) await page.clock.fastForward(1000);
  await expect(resend).toHaveText('Resend OTP');
  await expect(resend).toBeEnabled();
  const resentAt = new Date();
  await resend.click();
  await expect(dialog.getByText('Maximum attempts exhausted.')).toHaveCount(0);
  await expect(dialog.getByLabel('Digit 1 of 6')).toBeEnabled();
  const fresh = await codeFromInbox(request, NUMBER, resentAt);
  await typeCode(page, fresh);
  await dialog.getByRole('button', { name: 'Get Outstanding' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByLabel('Amount')).toHaveValue('3000');
});

test('the sixth digit verifies by itself (broadband balance)', async ({ page, request }) => {
  await page.goto('/broadband-recharge');
  await settled(page);
  await page.getByLabel('Mobile number').fill('9021000005');
  const since = new Date();
  await page.getByRole('button', { name: 'Fetch your Data Balance' }).click();
  const code = await codeFromInbox(request, '9021000005', since);
  await typeCode(page, code.slice(0, 5));
  await expect(page.getByRole('dialog', { name: 'Confirm it is your device' })).toBeVisible();
  await page.keyboard.type(code.slice(5));
  await expect(page.getByRole('dialog', { name: 'Your active bundle' })).toBeVisible();
});
