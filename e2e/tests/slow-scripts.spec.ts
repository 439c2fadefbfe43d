import { test, type Page } from '@playwright/test';
import { expect, waitLive } from './fixtures';

/**
 * On a slow connection the server's form is on screen seconds before its scripts, and a subscriber fills it
 * meanwhile. Here the scripts are held back until the form is filled: once the page is live, every entry (text,
 * a chosen radio, a ticked option, a typed message) must still be there and be what the page sends. These
 * tests use Playwright's own `page`, whose `goto` does not wait for the page to be live (it never would).
 */

/** Holds every script of the portal back until the returned function is called. */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  return async () => {
    release();
    await waitLive(page);
  };
}

test('the Contact Us form filled before the page is live keeps every entry, and sends them', async ({
  page,
}) => {
  const live = await holdScripts(page);
  await page.goto('/contact-us');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Full name').fill('Ada Obi');
  await form.getByLabel('Mobile number').fill('8021000001');
  await form.getByLabel('Home broadband').check();
  await form.getByLabel('Your message').fill('Is home broadband available in Ikeja?');
  await live();

  await expect(form.getByLabel('Full name')).toHaveValue('Ada Obi');
  await expect(form.getByLabel('Mobile number')).toHaveValue('8021000001');
  await expect(form.getByLabel('Home broadband')).toBeChecked();
  await expect(form.getByLabel('Your message')).toHaveValue('Is home broadband available in Ikeja?');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText(/Your reference: CNT[0-9A-Z]{16}/)).toBeVisible();
});

test('the feedback form chosen and typed before the page is live keeps its rating, topic and comment', async ({
  page,
}) => {
  const live = await holdScripts(page);
  await page.goto('/give_your_feedback');
  // The stars' radios are drawn by their labels.
  await page.getByText('Good', { exact: true }).click();
  await page.getByLabel('What is it about?').selectOption({ label: 'Network quality' });
  await page.getByLabel('Your comments').fill('No signal at home in the evening.');
  await live();

  await expect(page.getByRole('radio', { name: 'Good' })).toBeChecked();
  // The contract's topic behind 'Network quality'.
  await expect(page.getByLabel('What is it about?')).toHaveValue('network');
  await expect(page.getByLabel('Your comments')).toHaveValue('No signal at home in the evening.');
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByText('Thank you for reaching out')).toBeVisible();
});

test.describe('on a phone', () => {
  // A phone's screen, as the server renders it: a wide screen changes the live page's layout and its panel.
  test.use({ viewport: { width: 360, height: 740 } });

  test('a card gateway chosen before the payment page is live is the one the payer is sent to', async ({
    page,
  }) => {
    const live = await holdScripts(page);
    // The recharge form goes as a plain form while the scripts are still on their way.
    await page.goto('/prepaid-recharge');
    await page.getByLabel('Mobile number').fill('8021000001');
    await page.getByLabel('Amount').fill('200');
    await page.getByRole('button', { name: 'BUY AIRTIME' }).click();
    await expect(page).toHaveURL(/\/payment\/start\?purchase=/);
    await page.getByRole('radio', { name: /DPO/ }).check();
    await page.getByLabel('Email').fill('ada@example.com');
    await live();

    await expect(page.getByRole('radio', { name: /DPO/ })).toBeChecked();
    await expect(page.getByLabel('Email')).toHaveValue('ada@example.com');
    await page.getByRole('button', { name: 'PROCEED TO PAY' }).click();
    await expect(page).toHaveURL(/\/sandbox\/dpo\/payv2\.php\?ID=/);
  });
});

test('a page opened before a new release, whose next part is gone from the server, loads again instead of failing', async ({
  page,
}) => {
  await page.goto('/');
  await waitLive(page);
  // The help centre's code, as if the release the page came with had been replaced: gone, once.
  let refused = 0;
  await page.route(/\/assets\/gethelp-[\w-]+\.js$/, async (route) => {
    if (refused++ > 0) return route.continue();
    await route.fulfill({ status: 404, body: 'Not found' });
  });
  const reloaded = page.waitForEvent('load');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Help' }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/gethelp$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help Centre');
  // Refused once; asked again by the new page unless the service worker answers it.
  expect(refused, 'the missing file was asked for').toBeGreaterThanOrEqual(1);
});
