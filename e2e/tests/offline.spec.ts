import type { Page } from '@playwright/test';
import { expect, RAW_KEY, test, waitLive } from './fixtures';
import { payOnCheckout, resetSandbox } from './sandbox';

/**
 * Offline after one visit: the service worker keeps the pages a visitor opened (and the files they used);
 * without a connection they open again and say so, with the USSD way; a status page shows its last result
 * and when it was seen; a page never opened gives the offline page. Nothing is fetched from the API.
 */
async function workerKept(page: Page, path: string) {
  await expect
    .poll(
      () =>
        page.evaluate(
          `caches.open('pages').then((cache) => cache.keys()).then((keys) => keys.some((request) => {
            const url = new URL(request.url);
            return url.pathname + url.search === ${JSON.stringify(path)};
          }))`,
        ),
      { timeout: 30_000, message: `${path} kept by the service worker` },
    )
    .toBe(true);
}

/** Each page opened online, one after another, and kept by the service worker before the next. */
async function openedOnline(page: Page, ...paths: string[]) {
  for (const path of paths) {
    await page.goto(path);
    await workerKept(page, path);
  }
}

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

test('keeping the first page downloads it only once (the worker revalidates the copy just loaded), after its files', async ({
  page,
}) => {
  await page.goto('/prepaid-recharge');
  await workerKept(page, '/prepaid-recharge');
  // The worker stores a page only after the files it loaded.
  const unkept = await page.evaluate(`(async () => {
    const cache = await caches.open('assets');
    const loaded = performance.getEntriesByType('resource').map((entry) => entry.name)
      .filter((url) => new URL(url).pathname.startsWith('/assets/'));
    const missing = [];
    for (const url of loaded) if (!(await cache.match(url))) missing.push(url);
    return { loaded: loaded.length, missing };
  })()`);
  expect(unkept).toMatchObject({ missing: [] });
  expect((unkept as { loaded: number }).loaded).toBeGreaterThan(3);
  // The page's own fetch of itself, by which the worker keeps it: headers only, the body from the browser's copy.
  const refetch = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname === '/prepaid-recharge')
      .map((entry) => {
        const timing = entry as unknown as { transferSize: number; decodedBodySize: number };
        return { transfer: timing.transferSize, body: timing.decodedBodySize };
      }),
  );
  expect(refetch).toHaveLength(1);
  expect(refetch[0]!.body).toBeGreaterThan(5_000);
  expect(refetch[0]!.transfer).toBeLessThan(2_000);
});

test('a visited journey page opens offline, says so and offers the USSD way', async ({ page, context }) => {
  await page.goto('/prepaid-recharge');
  await workerKept(page, '/prepaid-recharge');
  // A page reached by a client-side navigation is kept too.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Data' }).click();
  await expect(page).toHaveURL(/\/data-bundle$/);
  await workerKept(page, '/data-bundle');

  await context.setOffline(true);
  await page.goto('/prepaid-recharge');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prepaid recharge');
  const notice = page.getByRole('status').filter({ hasText: 'You are offline' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Recharge with a voucher: *311*PIN#' })).toHaveAttribute(
    'href',
    'tel:*311*',
  );
  await expect(notice.getByRole('link', { name: 'Check your balance: *310#' })).toHaveAttribute(
    'href',
    'tel:*310%23',
  );

  await page.goto('/data-bundle');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Data bundles');
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'You are offline' })
      .getByRole('link', { name: 'Buy data: *312#' }),
  ).toHaveAttribute('href', 'tel:*312%23');

  // Never opened on this phone: the offline page, with every USSD code and the way back.
  await page.goto('/gethelp');
  await expect(page).toHaveURL(/\/offline\?from=%2Fgethelp$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline');
  await expect(page.getByRole('link', { name: 'Call customer care: 300' })).toHaveAttribute(
    'href',
    'tel:300',
  );
});

test('offline, the payment page (never kept) gives the offline page in its language, not the browser error', async ({
  page,
  context,
}) => {
  await openedOnline(page, '/ha/prepaid-recharge');
  await workerKept(page, '/ha/offline');
  await page.locator('input[name="msisdn"]').fill('8021000001');
  await page.locator('input[name="amount"]').fill('500');
  await page.locator('input[name="amount"]').press('Enter');
  await expect(page).toHaveURL(/\/ha\/payment\/start/);
  await waitLive(page);
  const payment = new URL(page.url());

  await context.setOffline(true);
  await page.goto(payment.pathname + payment.search);
  await expect(page).toHaveURL(/\/ha\/offline\?from=%2Fha%2Fpayment%2Fstart/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ba ku da intanet');
  // The card page too, with or without its purchase (`from` names it whole, for 'Try again').
  for (const path of [`${payment.pathname}/card`, `${payment.pathname}/card?purchase=e2e-offline`]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/ha\/offline\?from=/);
    expect(new URL(page.url()).searchParams.get('from')).toBe(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ba ku da intanet');
  }
  // Still never kept: no cache holds a payment page.
  const keptPayment = await page.evaluate(`caches.keys()
    .then((names) => Promise.all(names.map((name) => caches.open(name).then((cache) => cache.keys()))))
    .then((lists) => lists.flat().some((request) => new URL(request.url).pathname.includes('/payment/')))`);
  expect(keptPayment).toBe(false);
});

test('offline, a link within the live app to a page opened before opens its kept copy', async ({
  page,
  context,
}) => {
  await openedOnline(page, '/prepaid-recharge', '/data-bundle');
  await context.setOffline(true);
  await page.goto('/data-bundle');
  await waitLive(page);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Recharge' })
    .click();
  await expect(page).toHaveURL(/\/prepaid-recharge$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prepaid recharge');
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
});

test('offline, the help centre keeps the topics it came with and says an answer was not kept; the shop finder says it needs the internet', async ({
  page,
  context,
}) => {
  await openedOnline(page, '/gethelp', '/storeLocator');
  await context.setOffline(true);

  await page.goto('/gethelp');
  await waitLive(page);
  await expect(page.getByRole('link', { name: 'Data & Bundles' })).toBeVisible();
  await expect(page.getByText('Help topics could not be loaded.')).toHaveCount(0);
  // The page came with no answers: one opened now says it was not kept, not that something failed.
  await page.getByRole('link', { name: 'Data & Bundles' }).click();
  await page.getByRole('link', { name: 'Data plans' }).click();
  await page.getByRole('link', { name: 'How do I buy a data bundle?' }).first().click();
  await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toContainText(
    'How do I buy a data bundle?',
  );
  await expect(
    page.getByText('This answer is not saved on this phone. Connect to the internet to read it.'),
  ).toBeVisible();

  await page.goto('/storeLocator');
  await waitLive(page);
  await expect(page.getByRole('heading', { level: 2, name: 'You are offline' })).toBeVisible();
  await expect(page.getByText('No data found')).toHaveCount(0);
});

test('offline, a link or a language the phone never opened gives the offline page in place, not a blank page or keys', async ({
  page,
  context,
}) => {
  await page.goto('/data-bundle');
  await workerKept(page, '/data-bundle');
  await context.setOffline(true);
  await page.goto('/data-bundle');
  await waitLive(page);

  // The help centre's code was never loaded on this phone.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Help' }).click();
  await expect(page).toHaveURL(/\/gethelp$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline');
  await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/gethelp');
  await expect(page.locator('header.site-header')).toBeVisible();

  // Nor were Hausa's texts.
  await page.goto('/data-bundle');
  await waitLive(page);
  await page.locator('.lang-menu summary').click();
  await page.locator('.lang-menu').getByRole('link', { name: 'Hausa' }).click();
  await expect(page).toHaveURL(/\/ha\/data-bundle$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline');
  await expect(page.getByText(RAW_KEY)).toHaveCount(0);
});

test('offline, a page opened after another keeps every file it needs, whatever the order of visits (Yoruba help centre)', async ({
  page,
  context,
}) => {
  // The tester's order: a journey page first (the worker's first page), then the help centre.
  await openedOnline(page, '/yo/data-bundle', '/yo/gethelp');
  await expect.poll(() => page.evaluate('navigator.serviceWorker.controller !== null')).toBe(true);
  const heading = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  expect(heading).not.toMatch(RAW_KEY);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  // Left first: the page open would load the offline notice as the connection drops, and could still fetch
  // its files then.
  await page.goto('about:blank');
  await context.setOffline(true);
  await page.goto('/yo/gethelp');
  // The help centre as it was, in Yoruba, with its header, and the notice saying it is offline.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page.locator('header.site-header')).toBeVisible();
  const notice = page.getByRole('status').filter({ hasText: 'Ẹ kò sí lórí íntánẹ́ẹ̀tì' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Wo iye tó kù: *310#' })).toHaveAttribute(
    'href',
    'tel:*310%23',
  );
  await expect(page.getByText('offline.title')).toHaveCount(0);
  await expect(page.getByText(RAW_KEY)).toHaveCount(0);
  expect(errors.filter((text) => /Unable to preload/.test(text))).toEqual([]);
});

test('offline, a page never opened gives the offline page of its own language, at its address, for every language visited', async ({
  page,
  context,
}) => {
  // The trial's order: Yoruba first (the worker's first page), then Pidgin, then Hausa. Each language's
  // offline page is kept when a page of that language is first opened (once that page is live).
  await openedOnline(page, '/yo/data-bundle', '/yo/gethelp');
  await workerKept(page, '/yo/offline');
  await openedOnline(page, '/pcm/gethelp');
  await workerKept(page, '/pcm/offline');
  await openedOnline(page, '/ha/postpaid-bill-pay');
  await workerKept(page, '/ha/offline');
  // Igbo reached by the language menu (a client-side navigation), not a page load.
  await page.locator('.lang-menu summary').click();
  await page.locator('.lang-menu').getByRole('link', { name: 'Igbo' }).click();
  await expect(page).toHaveURL(/\/ig\/postpaid-bill-pay$/);
  await workerKept(page, '/ig/postpaid-bill-pay');
  await workerKept(page, '/ig/offline');
  // Yoruba again, last: the cache lists a page kept anew last (the worker reads the language used last so).
  await page.goto('/yo/data-bundle');
  await expect
    .poll(() =>
      page.evaluate(`caches.open('pages').then((cache) => cache.keys())
      .then((keys) => new URL(keys.at(-1).url).pathname)`),
    )
    .toBe('/yo/data-bundle');

  await page.goto('about:blank');
  await context.setOffline(true);
  const offlineIn = async (path: string, lang: string, title: string, tryAgain: string) => {
    await page.goto(path);
    await expect(page).toHaveURL(`/${lang}/offline?from=${encodeURIComponent(path)}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.locator('header.site-header')).toBeVisible();
    await expect(page.locator('.lang-menu summary')).toBeVisible();
    await expect(page.getByRole('link', { name: tryAgain })).toHaveAttribute('href', path);
    await expect(page.getByText(RAW_KEY)).toHaveCount(0);
    // Live now, and not moved to the language stored last (Yoruba).
    await expect(page).toHaveURL(`/${lang}/offline?from=${encodeURIComponent(path)}`);
  };
  await offlineIn('/pcm/data-bundle', 'pcm', 'You dey offline', 'Try am again');
  await offlineIn('/ha/prepaid-recharge', 'ha', 'Ba ku da intanet', 'Sake gwadawa');
  await offlineIn('/ig/data-bundle', 'ig', "Ị nọghị n'ịntanetị", 'Nwaa ọzọ');
  await offlineIn('/yo/prepaid-recharge', 'yo', 'Ẹ kò sí lórí íntánẹ́ẹ̀tì', 'Tún gbìyànjú');
  // Swahili was never opened: the notice of the language used last, at its address.
  await offlineIn('/sw/data-bundle', 'yo', 'Ẹ kò sí lórí íntánẹ́ẹ̀tì', 'Tún gbìyànjú');

  // One offline page per language opened, no more: Swahili's was never downloaded.
  const offlinePages = await page.evaluate(`caches.open('pages').then((cache) => cache.keys()).then((keys) =>
    keys.map((request) => new URL(request.url)).filter((url) => url.pathname.endsWith('/offline') && !url.search)
      .map((url) => url.pathname))`);
  expect((offlinePages as string[]).sort()).toEqual([
    '/ha/offline',
    '/ig/offline',
    '/offline',
    '/pcm/offline',
    '/yo/offline',
  ]);
});

test('offline, an English address never opened, in a tab that chose Hausa, gives a whole offline page in one language', async ({
  page,
  context,
}) => {
  // English opened first (so English counts as a language used), then Hausa chosen in the language menu.
  await openedOnline(page, '/gethelp');
  await page.locator('.lang-menu summary').click();
  await page.locator('.lang-menu').getByRole('link', { name: 'Hausa' }).click();
  await expect(page).toHaveURL(/\/ha\/gethelp$/);
  await workerKept(page, '/ha/gethelp');
  await workerKept(page, '/ha/offline');

  await context.setOffline(true);
  const notices = { en: 'You are offline', ha: 'Ba ku da intanet' };
  for (const tab of [page, await context.newPage()]) {
    await tab.goto('/data-bundle');
    await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(tab.locator('html')).toHaveAttribute('data-hydrated', 'true');
    // Whichever language it settles in, address, page language and texts agree (not English at /ha/).
    const lang = (await tab.locator('html').getAttribute('lang')) as 'en' | 'ha';
    await expect(tab).toHaveURL(
      `${lang === 'en' ? '' : `/${lang}`}/offline?from=${encodeURIComponent('/data-bundle')}`,
    );
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(notices[lang]);
    await expect(tab.locator('header.site-header')).toBeVisible();
    await expect(tab.getByText(RAW_KEY)).toHaveCount(0);
  }
});

test('offline, the error page of a layout that could not load says so in the page language, not in keys', async ({
  page,
  context,
}) => {
  await openedOnline(page, '/yo/data-bundle', '/yo/gethelp');
  await context.setOffline(true);
  // The page open says so at once, with the notice's files from the worker's cache.
  await expect(page.getByRole('status').filter({ hasText: 'Ẹ kò sí lórí íntánẹ́ẹ̀tì' })).toBeVisible();
  // Then a file the notice needs is gone from that cache (evicted): on the next load the layout itself fails.
  const dropped = await page.evaluate(`caches.open('assets').then(async (cache) => {
    const sheets = (await cache.keys()).filter((request) => /\\/ussd-codes-[^/]+\\.css$/.test(request.url));
    await Promise.all(sheets.map((request) => cache.delete(request)));
    return sheets.length;
  })`);
  expect(dropped).toBe(1);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ẹ kò sí lórí íntánẹ́ẹ̀tì');
  await expect(page.getByRole('link', { name: 'Tún gbìyànjú' })).toHaveAttribute('href', '/yo/gethelp');
  await expect(page.getByText(RAW_KEY)).toHaveCount(0);
});

test('a status page seen once shows its last result offline, and when it was seen', async ({
  page,
  context,
}) => {
  // A paid recharge, the quick way: the plain form and the hosted checkout.
  await page.goto('/prepaid-recharge');
  await page.getByLabel('Mobile number').fill('8021000001');
  await page.getByLabel('Amount').fill('150');
  await page.getByRole('button', { name: 'BUY AIRTIME' }).click();
  await expect(page).toHaveURL(/\/payment\/start/);
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByRole('button', { name: 'PROCEED TO PAY' }).click();
  await payOnCheckout(page, '4084 0840 8408 4081');
  await expect(page).toHaveURL(/\/payment\/status\?id=/);
  // The page polls a few times (spec §4); a visitor who still sees it pending reloads.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you', { timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
  const url = new URL(page.url());
  await workerKept(page, url.pathname + url.search);

  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET') posts.push(request.url());
  });
  await context.setOffline(true);
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you');
  await expect(page.getByText(/You are offline\. This is the result we last saw, on .+\./)).toBeVisible();
  // Nothing about a payment is sent or replayed offline.
  expect(posts).toEqual([]);
});
