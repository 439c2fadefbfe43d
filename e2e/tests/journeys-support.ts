import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PUSH_POLL_INTERVAL_MS } from '@portal/contract/rules';
import { waitLive } from './fixtures';

/**
 * What a subscriber does outside the browser in the purchase journeys: read the one-time code the portal
 * texted to their phone (the sandbox SMS inbox, design §4), and what the payment page was handed.
 */
type Sms = { to: string; text: string; sentAt: string };

/** The newest 6-digit code texted to `number` after `since` (waits for it to arrive). */
export async function codeFromInbox(
  request: APIRequestContext,
  number: string,
  since: Date,
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/sandbox/sms?to=${number}`);
        if (!response.ok()) return undefined;
        const inbox = (await response.json()) as Sms[];
        const fresh = inbox.find(
          (m) => new Date(m.sentAt).getTime() >= since.getTime() - 1000 && /\b\d{6}\b/.test(m.text),
        );
        code = fresh ? /\b(\d{6})\b/.exec(fresh.text)?.[1] : undefined;
        return code;
      },
      { timeout: 15_000, message: `a code in the inbox of ${number}` },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

/** Waits until the full-page loader is gone. */
export async function settled(page: Page) {
  await expect(page.locator('.loading-screen')).toHaveCount(0);
}

/** What the page keeps in its sessionStorage under `key`. */
export function sessionItem(page: Page, key: string): Promise<string | null> {
  // Runs in the page (this file is type-checked without the DOM library).
  return page.evaluate(
    (name) =>
      (
        globalThis as unknown as { sessionStorage: { getItem(key: string): string | null } }
      ).sessionStorage.getItem(name),
    key,
  );
}

/** The purchase context (spec §3 queryData) the journey stored for the payment page. */
export async function purchaseContext(page: Page): Promise<Record<string, unknown>> {
  const raw = await sessionItem(page, 'queryData');
  expect(raw, 'queryData in sessionStorage').toBeTruthy();
  return JSON.parse(raw!) as Record<string, unknown>;
}

/**
 * Moves the page's clock on, one status poll at a time, until the payment page has gone to the status page:
 * the page's own polls run as they would, without the test waiting 10 s of real time for each. The test must
 * have called `page.clock.install()` before the payment page loaded.
 */
export async function pollPushUntilStatusPage(page: Page) {
  await expect(async () => {
    await page.clock.fastForward(PUSH_POLL_INTERVAL_MS);
    await expect(page).toHaveURL(/\/payment\/status/, { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
}

/** The id of the transaction the status page shows, once the browser has arrived there. */
export async function statusPageId(page: Page, options: { timeout?: number } = {}): Promise<string> {
  await expect(page).toHaveURL(/\/payment\/status/, options);
  const url = new URL(page.url());
  const id = url.searchParams.get('id') ?? url.pathname.split('/').pop()!;
  expect(id).toBeTruthy();
  return id;
}

/**
 * The status page's outcome. The page itself only polls while the status is REQUEST_REGISTERED (spec §4),
 * so a visitor who still sees it pending reloads; each reload is noted on the test.
 */
export async function expectOutcome(page: Page, heading: string | RegExp, outcome: string) {
  let attempt = 0;
  await expect(async () => {
    if (attempt++ > 0) {
      test.info().annotations.push({ type: 'status-reload', description: `reload ${attempt - 1}` });
      await page.reload();
    }
    await settled(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading, { timeout: 8_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByText(outcome, { exact: true })).toBeVisible();
  // The gateway's return lands on the server's HTML, whose links know nothing of this browser's purchase
  // (Return leads to the payment's journey until the page is live and reads the stored page): a test that
  // acts next waits as a visitor's click would.
  await waitLive(page);
}

/** Types a code into the six boxes as a person does, one key at a time from the first box. */
export async function typeCode(page: Page, code: string) {
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
}

/** Fails on serious or critical accessibility violations inside `include` (a CSS selector). */
export async function expectNoSeriousAxeViolations(page: Page, include: string, what: string) {
  // Colours are judged at rest: a button just clicked may still be fading to its hover colour, and one the
  // page enables while axe runs would start fading then (seen once in CI: color-contrast on .button), so
  // transitions end at once from here on (transitions only: a loader's endless spin never ends).
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  await expect
    .poll(() =>
      page.evaluate(
        "document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running')",
      ),
    )
    .toBe(true);
  const { violations } = await new AxeBuilder({ page }).include(include).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, what).toEqual([]);
}

/**
 * A prepaid recharge of `msisdn` for `amount` up to the payment page (`base`: another portal, such as the
 * second market's, else the suite's own).
 */
export async function rechargeToPaymentPage(page: Page, msisdn: string, amount: number, base = '') {
  await page.goto(`${base}/prepaid-recharge`);
  await settled(page);
  await page.getByLabel('Mobile number').fill(msisdn);
  await page.getByLabel('Amount').fill(String(amount));
  const buy = page.getByRole('button', { name: 'BUY AIRTIME' });
  await expect(buy).toBeEnabled();
  await buy.click();
  await expect(page).toHaveURL(/\/payment\/start/);
}
