import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { settled } from './journeys-support';

/**
 * Pages a visitor reaches by following links, not by typing addresses (issue 16): the home-broadband product
 * view and the lead page it fills, the privacy notice, the tariff table.
 */

test('home broadband is linked from the home, broadband, data pages and the footer', async ({ page }) => {
  await page.goto('/');
  await settled(page);
  await expect(page.locator('main').getByRole('link', { name: /Home broadband/ })).toHaveAttribute(
    'href',
    '/home-broadband',
  );
  await expect(page.locator('footer').getByRole('link', { name: 'Home broadband' })).toHaveAttribute(
    'href',
    '/home-broadband',
  );
  for (const path of ['/broadband-recharge', '/data-bundle']) {
    await page.goto(path);
    await settled(page);
    await expect(page.getByRole('link', { name: 'See home broadband plans' })).toHaveAttribute(
      'href',
      '/home-broadband',
    );
  }
});

test('a device chosen on /home-broadband is the one /hbb-lead shows, from the saved device details', async ({
  page,
}) => {
  await page.goto('/');
  await settled(page);
  await page
    .locator('main')
    .getByRole('link', { name: /Home broadband/ })
    .click();
  await expect(page).toHaveURL(/\/home-broadband$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home broadband: routers and plans');
  await expect(page.getByRole('heading', { name: '4G Home Router' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '5G Home Router' })).toBeVisible();

  await page.getByRole('link', { name: 'Choose 5G Home Unlimited with the 5G Home Router' }).click();
  await expect(page).toHaveURL(/\/hbb-lead\?device=router-5g&plan=HBB-5G-UNL$/);
  await expect(page.getByRole('heading', { name: '5G Home Router' })).toBeVisible();
  await expect(page.getByLabel('5G Home Unlimited')).toBeChecked();
  await expect(page.getByRole('button', { name: 'Proceed' })).toBeEnabled();

  // The choice is saved in the session: the lead page opened by its bare address reads it.
  await page.goto('/hbb-lead');
  await settled(page);
  await expect(page.getByRole('heading', { name: '5G Home Router' })).toBeVisible();
  await expect(page.getByLabel('5G Home Unlimited')).toBeChecked();
  // Back (a link: it works without JavaScript too) returns to the product view the device was chosen on.
  await page.getByRole('main').getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/home-broadband$/);
});

test('every footer links the privacy notice, and the lead form consent links it too', async ({ page }) => {
  for (const path of ['/', '/gethelp', '/hbb-lead', '/contact-us']) {
    await page.goto(path);
    await settled(page);
    const footerLink = page.locator('footer.site-footer a[href$="/privacy-policy"]');
    await expect(footerLink).toHaveCount(1);
  }
  await page.goto('/privacy-policy');
  await settled(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy notice');
  for (const heading of [
    'What we keep',
    'Why we keep it',
    'How long we keep it',
    'Your rights and whom to contact',
  ])
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await expect(page.getByText('Payment records: 6 years')).toBeVisible();
  await expect(page.getByRole('link', { name: 'privacy@naijamobile.example' })).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await page.goto('/hbb-lead');
  await settled(page);
  await page.getByLabel('Home Starter 30GB').check();
  await page.getByRole('button', { name: 'Proceed' }).click();
  const consentLink = page.getByRole('link', { name: 'Read our privacy notice' });
  await expect(consentLink).toHaveAttribute('href', '/privacy-policy');
  await expect(consentLink).toHaveAttribute('target', '_blank');

  // In every language, from the same content page (the language is remembered, so this comes last).
  await page.goto('/yo/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ìkéde àṣírí');
  await expect(page.locator('footer.site-footer a[href="/yo/privacy-policy"]')).toHaveCount(1);
});

test('the footer links the tariff table', async ({ page }) => {
  await page.goto('/about');
  await settled(page);
  await page.locator('footer').getByRole('link', { name: 'Tariffs and limits' }).click();
  await expect(page).toHaveURL(/\/table$/);
});

test('the help centre lists its documents, and the payment page says what it is for', async ({ page }) => {
  await page.goto('/gethelp');
  await settled(page);
  const documents = page.getByRole('region', { name: 'Useful documents' });
  await expect(documents.getByRole('link', { name: 'Tariffs and limits' })).toHaveAttribute('href', '/table');
  await expect(documents.getByRole('link', { name: 'Privacy notice' })).toHaveAttribute(
    'href',
    '/privacy-policy',
  );

  await page.goto('/prepaid-recharge');
  await settled(page);
  await page.getByLabel('Mobile number').fill('8021000001');
  await page.getByLabel('Amount').fill('100');
  await page.getByRole('button', { name: 'BUY AIRTIME' }).click();
  await expect(page).toHaveURL(/\/payment\/start/);
  await expect(page.getByText('Check what you are paying for, then choose how to pay.')).toBeVisible();
  // Not a sales-lead payment: no lead landing text.
  await expect(page.getByText(/home-broadband request/)).toHaveCount(0);

  // Its own content page in every language (the language is remembered, so this comes last).
  await page.goto('/ha/gethelp');
  await expect(page.getByRole('heading', { name: 'Takardu masu amfani' })).toBeVisible();
});

test('Contact Us: the form of get-contact-form-schema says what is wrong, then confirms with a reference', async ({
  page,
}) => {
  await page.goto('/contact-us');
  await settled(page);
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Full name').fill('Ada Obi');
  await form.getByLabel('Mobile number').fill('8021000001');
  await form.getByLabel('Email (optional)').fill('ada@');
  await form.getByLabel('Email (optional)').blur();
  await expect(form.getByText('Invalid Email Id')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await form.getByLabel('Email (optional)').fill('ada@example.com');
  await form.getByLabel('Bills and payments').check();
  await form.getByLabel('Your message').fill('My bill shows a charge twice this month.');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, we have your message' })).toBeVisible();
  await expect(page.getByText(/Your reference: CNT[0-9A-Z]{16}/)).toBeVisible();
  await expect(page).toHaveURL(/\/contact-us\?sent=CNT[0-9A-Z]{16}$/);
});
