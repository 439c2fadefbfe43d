import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Store locator (spec §2, §4 "Store locator", §8): geolocation granted and denied, search, map, dealers. */
const IKEJA = { latitude: 6.6018, longitude: 3.3515 };
const SHOPS = '/orp/bfe/api/portal-service/cms/maps/naijashopsbycoordinates';

test.beforeEach(async ({ context }) => {
  // No network here: tiles never load, the map must still show its pins and controls.
  await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
});

async function settled(page: Page) {
  await expect(page.locator('.loading-screen')).toHaveCount(0);
}

const map = (page: Page) => page.locator('.leaflet-container');

test.describe('with location granted', () => {
  test.use({ geolocation: IKEJA, permissions: ['geolocation'] });

  test('lists shops nearest first with Km, numbered pins and hover zoom', async ({ page }) => {
    const shopsCall = page.waitForRequest((r) => r.url().includes(SHOPS));
    await page.goto('/storeLocator');
    await settled(page);
    const sent = new URL((await shopsCall).url());
    expect(sent.searchParams.get('distanceInKilometers')).toBe('100');
    expect(Number(sent.searchParams.get('latitude'))).toBeCloseTo(IKEJA.latitude, 4);
    expect(sent.searchParams.get('opco')).toBe('NG');

    const cards = page.getByRole('list', { name: 'Shops, nearest first' }).getByRole('listitem');
    await expect(cards.first()).toContainText('Naija Shop Ikeja');
    await expect(cards.first()).not.toContainText('Allen Avenue -');
    await expect(cards.first()).toContainText('36 Allen Avenue, Ikeja, Lagos');
    await expect(cards.first().getByRole('link', { name: '0802 100 0001' })).toHaveAttribute(
      'href',
      'tel:08021000001',
    );
    await expect(cards.first()).toContainText('0.1 Km');
    await expect(page.getByRole('heading', { name: /^Shops near Ikeja, Lagos State$/ })).toBeVisible();

    const distances = (await page.locator('.shop-card__distance').allTextContents()).map((d) =>
      Number(d.replace(' Km', '')),
    );
    expect(distances.length).toBeGreaterThan(5);
    expect(distances.every((d) => /^\d+\.\d$/.test(d.toFixed(1)) && d <= 100)).toBe(true);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);

    // One numbered pin per shop, drawn without tiles, with the zoom controls.
    await expect(page.locator('.map-pin')).toHaveCount(distances.length);
    await expect(page.locator('.leaflet-control-zoom-in')).toBeVisible();
    await expect(page.locator('.map-pin', { hasText: /^3$/ })).toHaveCount(1);

    // Hovering card 3 enlarges pin 3 and centres the map on the shop at zoom 13.
    await cards.nth(2).hover();
    await expect(page.locator('.map-pin--active')).toHaveCount(1);
    await expect(page.locator('.map-pin--active')).toHaveText('3');
    await expect(map(page)).toHaveAttribute('data-zoom', '13');
  });

  test('a city search lists its shops at zoom 15; an unknown place shows not found', async ({ page }) => {
    await page.goto('/storeLocator');
    await settled(page);
    await expect(page.locator('.shop-card').first()).toContainText('Naija Shop Ikeja');
    const search = page.getByLabel('Search', { exact: true });
    await expect(search).toHaveAttribute('placeholder', 'City or pincode');
    const entries = await page.evaluate('history.length');
    await search.fill('Ibadan');
    await expect(page.getByRole('option', { name: /Ibadan, Oyo State/ })).toBeVisible();
    await page.getByRole('option', { name: /Ibadan, Oyo State/ }).click();
    await expect(page.getByRole('heading', { name: 'Shops near Ibadan, Oyo State' })).toBeVisible();
    await expect(page.locator('.shop-card').first()).toContainText('Ibadan');
    await expect(map(page)).toHaveAttribute('data-zoom', '15');

    // The search is in the address, in place of the entry: a reload shows it, not the phone's position.
    await expect(page).toHaveURL(/\/storeLocator\?q=Ibadan%2C\+Oyo\+State$/);
    expect(await page.evaluate('history.length')).toBe(entries);
    await page.reload();
    await settled(page);
    await expect(page.getByRole('heading', { name: 'Shops near Ibadan, Oyo State' })).toBeVisible();
    await expect(search).toHaveValue('Ibadan, Oyo State');

    // A pincode works too (NIPOST 20xxxx is Oyo).
    await search.fill('200001');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('heading', { name: /Shops near 200001/ })).toBeVisible();

    await search.fill('Atlantis');
    await search.press('Enter');
    await expect(page.getByRole('heading', { name: 'No data found' })).toBeVisible();
    await expect(page.getByText('Try again with another city or pincode')).toBeVisible();
    await expect(page).toHaveURL(/\/storeLocator\?q=Atlantis$/);
    await search.fill('');
    await expect(page).toHaveURL(/\/storeLocator$/);
  });

  test('the help link target and the dealers page', async ({ page }) => {
    await page.goto('/store-locator');
    await settled(page);
    await expect(page.locator('.shop-card').first()).toContainText('Naija Shop Ikeja');
    await page.goto('/store_finder/dealers');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a Naija Mobile dealer near you');
    await expect(page.locator('.shop-card').first()).toContainText('Mega Connect Ventures');
  });

  test('a map that fails to load shows an error while the list still works', async ({ page }) => {
    await page.route(/\/assets\/((base-map|shop-map)-[^/]*|map-[\w-]{8})\.js$/, (route) => route.abort());
    await page.goto('/storeLocator');
    await settled(page);
    await expect(page.getByRole('alert').filter({ hasText: 'The map could not be loaded.' })).toBeVisible();
    await expect(page.locator('.shop-card').first()).toContainText('Naija Shop Ikeja');
  });

  test('passes an accessibility scan', async ({ page }) => {
    await page.goto('/storeLocator');
    await settled(page);
    await expect(page.locator('.shop-card').first()).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});

test.describe('with location denied', () => {
  test.use({ permissions: [] });

  test('shows the not-found panel, then search and a later grant still work', async ({ page, context }) => {
    await page.goto('/storeLocator');
    await settled(page);
    await expect(page.getByRole('heading', { name: 'No data found' })).toBeVisible();
    await expect(
      page.getByText(
        'We are unable to access your Current Location. You can directly search your location from search field.',
      ),
    ).toBeVisible();
    // The map still renders (no pins) with its controls.
    await expect(page.locator('.leaflet-control-zoom-in')).toBeVisible();
    await expect(page.locator('.map-pin')).toHaveCount(0);

    await page.getByLabel('Search', { exact: true }).fill('Kano');
    await page.getByLabel('Search', { exact: true }).press('Enter');
    await expect(page.getByRole('heading', { name: 'Shops near Kano, Kano State' })).toBeVisible();

    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 9.0579, longitude: 7.4951 });
    await page.getByRole('button', { name: 'Use current location' }).click();
    await expect(page.getByRole('heading', { name: /Shops near Abuja/ })).toBeVisible();
    await expect(page.locator('.shop-card').first()).toContainText('Abuja');
  });
});

test('Leaflet loads only on the pages with a map', async ({ page, request }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/');
  await settled(page);
  await page.waitForLoadState('networkidle');
  const home = [...scripts];
  for (const url of home) {
    expect((await (await request.get(url)).text()).includes('leaflet-container'), url).toBe(false);
  }
  await page.goto('/openNetworks');
  await expect(page.locator('.leaflet-container')).toBeVisible();
  const later = scripts.filter((u) => !home.includes(u));
  const bodies = await Promise.all(later.map(async (u) => (await request.get(u)).text()));
  expect(bodies.some((b) => b.includes('leaflet-container'))).toBe(true);
});
