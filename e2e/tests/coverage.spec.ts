import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { successAnswer } from './sandbox';

/** Network coverage map (spec §2 "Network coverage map", §9). */
const SITES_PAGE = /cms\/webpage\/activePackage\?.*pageUrl=fetch-sites-data-5g/;

test.beforeEach(async ({ context }) => {
  await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
});

async function settled(page: Page) {
  await expect(page.locator('.loading-screen')).toHaveCount(0);
}

const map = (page: Page) => page.locator('.leaflet-container');

async function siteCount(page: Page, technology: string): Promise<number> {
  const label = page.locator('label', { hasText: `${technology} coverage` });
  return Number((await label.locator('.coverage__count').textContent())!.replace(/\D/g, ''));
}

test('centred on 7.41, 3.92 at zoom 9 with one radio per technology; choosing one redraws', async ({
  page,
}) => {
  await page.goto('/openNetworks');
  await settled(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Network coverage map');
  await expect(map(page)).toHaveAttribute('data-zoom', '9');
  await expect(map(page)).toHaveAttribute('data-lat', '7.41000');
  await expect(map(page)).toHaveAttribute('data-lng', '3.92000');

  const radios = page.getByRole('radio');
  await expect(radios).toHaveCount(4);
  for (const t of ['2G', '3G', '4G', '5G'])
    await expect(page.getByRole('radio', { name: `${t} coverage` })).toBeVisible();
  await expect(page.getByRole('radio', { name: '4G coverage' })).toBeChecked();
  await expect(page.locator('.map-site--4g')).toHaveCount(await siteCount(page, '4G'));
  await expect(page.locator('.leaflet-control-zoom-in')).toBeVisible();

  await page.getByRole('radio', { name: '2G coverage' }).check();
  await expect(page.locator('.map-site--2g')).toHaveCount(await siteCount(page, '2G'));
  await expect(page.locator('.map-site--4g')).toHaveCount(0);

  // 5G: the distinct icon and a translucent 300 m circle per site.
  await page.getByRole('radio', { name: '5G coverage' }).check();
  const fiveG = await siteCount(page, '5G');
  expect(fiveG).toBeGreaterThan(0);
  await expect(page.locator('.map-site--5g-badge')).toHaveCount(fiveG);
  await expect(page.locator('.leaflet-overlay-pane path')).toHaveCount(fiveG);
  await expect(page.locator('.map-site--2g')).toHaveCount(0);
});

test("offers only the technologies present in the data ('N G coverage')", async ({ page }) => {
  await page.route(SITES_PAGE, (route) =>
    route.fulfill(
      successAnswer({
        pageUrl: 'fetch-sites-data-5g',
        language: 'en',
        packageHtml: JSON.stringify([
          {
            title: 'A',
            latitude: 7.4,
            longitude: 3.9,
            technology: '3G',
            _2Gservice: true,
            _3Gservice: true,
            _4Gservice: false,
            _5Gservice: false,
          },
          {
            title: 'B',
            latitude: 7.5,
            longitude: 3.8,
            technology: '2G',
            _2Gservice: true,
            _3Gservice: false,
            _4Gservice: false,
            _5Gservice: false,
          },
        ]),
      }),
    ),
  );
  await page.goto('/openNetworks');
  await settled(page);
  await expect(page.getByRole('radio')).toHaveCount(2);
  await expect(page.getByRole('radio', { name: '2G coverage' })).toBeChecked();
  await expect(page.getByRole('radio', { name: '3G coverage' })).toBeVisible();
  await expect(page.locator('.map-site--2g')).toHaveCount(2);
});

test("the 'Enter a Location' search moves the map to the place", async ({ page }) => {
  await page.goto('/openNetworks');
  await settled(page);
  const search = page.getByLabel('Search', { exact: true });
  await expect(search).toHaveAttribute('placeholder', 'Enter a Location');
  await search.pressSequentially('Port Harc', { delay: 30 });
  await page.getByRole('option', { name: /Port Harcourt, Rivers State/ }).click();
  await expect(map(page)).toHaveAttribute('data-zoom', '13');
  expect(Number(await map(page).getAttribute('data-lat'))).toBeCloseTo(4.777, 2);
  await expect(page.locator('.map-place')).toHaveCount(1);

  // The search is in the address: a reload shows the place; an emptied box takes it out.
  await expect(page).toHaveURL(/\/openNetworks\?q=Port\+Harcourt%2C\+Rivers\+State$/);
  await page.reload();
  await settled(page);
  await expect(
    page.getByRole('heading', { name: 'Coverage near Port Harcourt, Rivers State' }),
  ).toBeVisible();
  await expect(page.locator('.map-place')).toHaveCount(1);
  await search.fill('');
  await expect(page).toHaveURL(/\/openNetworks$/);
});

test('a map that fails to load shows an error, not a blank page', async ({ page }) => {
  await page.route(/\/assets\/((base-map|coverage-map)-[^/]*|map-[\w-]{8})\.js$/, (route) => route.abort());
  await page.goto('/openNetworks');
  await settled(page);
  await expect(page.getByRole('alert').filter({ hasText: 'The map could not be loaded.' })).toBeVisible();
  await expect(page.getByRole('radio', { name: '4G coverage' })).toBeChecked();
});

test('Swahili labels and an accessibility scan', async ({ page }) => {
  await page.goto('/sw/openNetworks');
  await settled(page);
  await expect(page.getByRole('radio', { name: 'Mtandao wa 4G' })).toBeChecked();
  await expect(page.getByLabel('Tafuta', { exact: true })).toHaveAttribute('placeholder', 'Weka Mahali');
  // The map's own controls too: Leaflet names them in English.
  await expect(page.getByRole('button', { name: 'Kuza', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Punguza', exact: true })).toBeVisible();
  await page.goto('/openNetworks');
  await expect(page.locator('.map-site--4g').first()).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
