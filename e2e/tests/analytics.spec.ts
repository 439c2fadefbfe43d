import { expect, test } from './fixtures';
import { settled } from './journeys-support';
import { resetSandbox } from './sandbox';

/**
 * The tag manager and analytics scripts (spec §7 third-party scripts): loaded only when the market's
 * configuration names them, after the page has painted; the events they read carry no secrets.
 */
const GTM = 'https://www.googletagmanager.com/gtm.js?id=GTM-TEST123';
const GTAG = 'https://www.googletagmanager.com/gtag/js?id=G-TEST456';

/**
 * Which tag scripts the page inserts, and when, on the page's clock. A script the browser then refuses or
 * cannot fetch is removed again, so the document alone would not tell. (In the page; this file is
 * type-checked without the DOM library, hence the text.)
 */
const RECORD_TAG_SCRIPTS = `
  window.tagScripts = [];
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes)
        if (node.tagName === 'SCRIPT' && node.src.includes('googletagmanager')) {
          window.tagAddedAt ??= performance.now();
          window.tagScripts.push(node.src);
        }
  }).observe(document, { childList: true, subtree: true });
`;

type Probe = { scripts: string[]; addedAt: number | null; firstPaintAt: number | null; loadedAt: number };
const PROBE = `({
  scripts: window.tagScripts,
  addedAt: window.tagAddedAt ?? null,
  firstPaintAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
  loadedAt: performance.getEntriesByType('navigation')[0].loadEventEnd,
})`;

test.afterEach(async ({ request }) => {
  await resetSandbox(request);
});

test('nothing loads without an id; with them, both scripts come after the first paint', async ({
  page,
  request,
}) => {
  await page.addInitScript({ content: RECORD_TAG_SCRIPTS });
  const probe = () => page.evaluate<Probe>(PROBE);

  await page.goto('/');
  await settled(page);
  await page.waitForFunction('document.readyState === "complete"');
  expect((await probe()).scripts).toEqual([]);

  const patched = await request.patch('/sandbox/config', {
    data: { tagManagerId: 'GTM-TEST123', analyticsId: 'G-TEST456' },
  });
  expect(patched.ok()).toBeTruthy();
  // Not in the server's HTML: the live page adds them.
  expect(await (await request.get('/prepaid-recharge')).text()).not.toContain('googletagmanager');
  await page.goto('/prepaid-recharge');
  await settled(page);
  await expect.poll(async () => (await probe()).scripts).toEqual([GTM, GTAG]);
  const timing = await probe();
  expect(timing.firstPaintAt).not.toBeNull();
  expect(timing.addedAt!).toBeGreaterThan(timing.firstPaintAt!);
  expect(timing.addedAt!).toBeGreaterThanOrEqual(timing.loadedAt);

  // A recharge's flow step reaches the dataLayer, without the number typed.
  await page.getByLabel('Mobile number').fill('8021000001');
  await page.getByLabel('Amount').fill('300');
  await page.getByRole('button', { name: 'BUY AIRTIME' }).click();
  await expect(page).toHaveURL(/\/payment\/start/);
  const layer = await page.evaluate<string>('JSON.stringify(window.dataLayer)');
  expect(layer).toContain('"event":"gtm.js"');
  expect(layer).toContain('recharge_buy_airtime');
  expect(layer).not.toContain('8021000001');
});
