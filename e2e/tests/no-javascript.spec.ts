import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { codeFromInbox } from './journeys-support';
import { API_HEADERS, coreSubscriber, operationsFor, resetSandbox } from './sandbox';

/**
 * A browser that runs no JavaScript (Opera Mini's extreme mode): every page arrives whole from the server,
 * in its language, and a recharge can be bought with plain forms, the gateway's hosted page and a status
 * page that refreshes itself.
 */
test.use({ javaScriptEnabled: false });

/** The texts of a language: every catalogue page of content/pages/<lang> merged (flat key -> text). */
function texts(lang: string): Record<string, string> {
  const dir = path.resolve(import.meta.dirname, '../../content/pages', lang);
  return Object.assign(
    {},
    ...readdirSync(dir)
      .filter((file) => file.endsWith('translation.json'))
      .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, string>),
  );
}

/**
 * Nothing on the page offers an action that needs a script: a visible button that submits nothing, a link to
 * '#' or a field outside any form would do nothing here.
 */
async function expectNoDeadControls(page: Page) {
  const dead = await page
    .locator(
      'button[type="button"]:visible, a[href="#"]:visible, input:visible, select:visible, textarea:visible',
    )
    .evaluateAll((elements) =>
      elements
        .filter((e) => e.tagName === 'BUTTON' || e.tagName === 'A' || !e.closest('form'))
        .map((e) => e.outerHTML.slice(0, 120)),
    );
  expect(dead, 'controls that do nothing without JavaScript').toEqual([]);
}

/** Each main route, its heading's text key, and a text of its body. */
const ROUTES: { path: string; heading: string; body: string }[] = [
  { path: '/', heading: 'home.title', body: 'home.quickRecharge.title' },
  { path: '/prepaid-recharge', heading: 'recharge.title', body: 'fields.mobileNumber' },
  { path: '/postpaid-bill-pay', heading: 'billPay.title', body: 'billPay.fetchTitle' },
  { path: '/data-bundle', heading: 'dataBundle.title', body: 'dataBundle.subtitle' },
  { path: '/broadband-recharge', heading: 'broadband.title', body: 'fields.mobileNumber' },
  { path: '/orp/fixed-internet', heading: 'fixedInternet.title', body: 'fixedInternet.subtitle' },
  { path: '/gethelp', heading: 'help.title', body: 'help.heading' },
  { path: '/storeLocator', heading: 'storeLocator.findNaijaIn', body: 'storeLocator.intro' },
  { path: '/openNetworks', heading: 'coverage.title', body: 'coverage.searchWithoutScript' },
  { path: '/hbb-lead', heading: 'hbb.title', body: 'hbb.subtitle' },
  { path: '/home-broadband', heading: 'hbbProducts.title', body: 'hbbProducts.intro' },
  { path: '/about', heading: 'about.title', body: 'about.intro' },
  { path: '/contact-us', heading: 'contact.title', body: 'contact.intro' },
  { path: '/payment/status?id=NO_SUCH_PAYMENT', heading: 'status.title', body: 'status.notFound' },
];

for (const lang of ['en', 'sw'] as const) {
  const t = texts(lang);
  const prefix = lang === 'en' ? '' : '/sw';
  for (const route of ROUTES) {
    test(`${prefix}${route.path} arrives whole without JavaScript (${lang})`, async ({ page }) => {
      const heading = t[route.heading];
      const body = t[route.body];
      expect(heading, `${route.heading} in ${lang}`).toBeTruthy();
      expect(body, `${route.body} in ${lang}`).toBeTruthy();
      const target = route.path === '/' ? prefix || '/' : `${prefix}${route.path}`;
      await page.goto(target);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading!);
      await expect(page.getByText(body!, { exact: false }).first()).toBeVisible();
      await expect(page.locator('header.site-header')).toBeVisible();
      await expect(page.locator('footer.site-footer')).toBeVisible();
      await expectNoDeadControls(page);
      // Titled by the page's own title in its language, not the build's default.
      await expect(page).not.toHaveTitle('Self-service portal');
    });
  }
}

test('a home-broadband request with plain forms: plan, details, place, code, then payment', async ({
  page,
  request,
}) => {
  await page.goto('/home-broadband');
  await page.getByRole('link', { name: 'Choose 5G Home 100GB with the 5G Home Router' }).click();
  await expect(page).toHaveURL(/\/hbb-lead\?device=router-5g&plan=HBB-5G-100$/);
  await expect(page.getByRole('heading', { name: '5G Home Router' })).toBeVisible();
  await expect(page.getByLabel('5G Home 100GB')).toBeChecked();
  await expectNoDeadControls(page);
  await page.getByRole('button', { name: 'Proceed' }).click();

  // The details form, from the server: its rules said in place, what was typed kept.
  const form = page.getByRole('form', { name: 'Your details' });
  await expect(form).toBeVisible();
  await expectNoDeadControls(page);
  // It opens clean: nothing was sent yet, so nothing is refused.
  await expect(form.getByText(/is required|You must/)).toHaveCount(0);
  await form.getByLabel('Full name').fill('Ngozi Okafor');
  await form.getByLabel('Mobile number').fill('8021000003');
  await form.getByLabel('Email').fill('ngozi@example.com');
  await form.getByLabel('Town').selectOption('Ikeja');
  await form.getByLabel(/I agree to be contacted/).check();
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Installation address is required')).toBeVisible();
  await expect(form.getByLabel('Full name')).toHaveValue('Ngozi Okafor');
  await expect(form.getByLabel('Town')).toHaveValue('Ikeja');
  await form.getByLabel('Installation address').fill('3 Toyin Street');
  await form.getByRole('button', { name: 'Submit' }).click();

  // The place found, in words (there is no map to tap); Edit goes back with everything kept.
  await expect(page.getByText(/We found your address at Ikeja/)).toBeVisible();
  await expectNoDeadControls(page);
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(form.getByLabel('Installation address')).toHaveValue('3 Toyin Street');
  await expect(page.getByLabel('5G Home 100GB')).toHaveCount(0);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(/We found your address at Ikeja/)).toBeVisible();

  const since = new Date();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    page.getByText('To protect your request we sent a one-time code to +234 8021000003.'),
  ).toBeVisible();
  await page.getByLabel('One-time code').fill('000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Please enter correct OTP')).toBeVisible();
  await expect(page.getByText('ATTEMPTS LEFT: 4')).toBeVisible();
  await expectNoDeadControls(page);
  const code = await codeFromInbox(request, '8021000003', since);
  // Resend before the minute is up says the seconds left, and sends nothing.
  const inbox = async () =>
    ((await (await request.get('/sandbox/sms?to=8021000003')).json()) as unknown[]).length;
  const sent = await inbox();
  await page.getByRole('button', { name: 'Resend OTP' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Resend OTP in \d+ s$/ })).toBeVisible();
  expect(await inbox()).toBe(sent);
  await page.getByLabel('One-time code').fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();

  // Service reaches Ikeja: the lead's payment, in sales-lead mode.
  await expect(page).toHaveURL(/\/payment\/start\?purchase=/);
  const notice = page.getByRole('status').filter({ hasText: 'home-broadband request' });
  const leadId = /(HBB[0-9A-Z]{16})/.exec((await notice.textContent()) ?? '')?.[1];
  expect(leadId).toBeTruthy();
  await expect(page.getByLabel('Email')).toHaveValue('ngozi@example.com');
  const tracked = await request.post('/orp/bfe/api/portal-service/subscriber/v1/track-lead', {
    data: { leadId },
    headers: API_HEADERS,
  });
  expect(((await tracked.json()) as { result: unknown }).result).toMatchObject({
    status: 'SUBMITTED',
    feasibility: true,
    city: 'Ikeja',
    plan: { code: 'HBB-5G-100' },
  });
});

/** The plain details form filled and sent from the plan step of /hbb-lead (the first plan chosen). */
async function sendPlainDetails(page: Page, customer: { msisdn: string; address: string; town: string }) {
  await page.goto('/hbb-lead');
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Proceed' }).click();
  const form = page.getByRole('form', { name: 'Your details' });
  await form.getByLabel('Full name').fill('Tunde Bello');
  await form.getByLabel('Mobile number').fill(customer.msisdn);
  await form.getByLabel('Email').fill('tunde@example.com');
  await form.getByLabel('Installation address').fill(customer.address);
  await form.getByLabel('Town').selectOption(customer.town);
  await form.getByLabel(/I agree to be contacted/).check();
  await form.getByRole('button', { name: 'Submit' }).click();
}

/** The place confirmed and the code texted to `msisdn` entered. */
async function confirmPlainRequest(page: Page, request: APIRequestContext, msisdn: string) {
  const since = new Date();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByLabel('One-time code').fill(await codeFromInbox(request, msisdn, since));
  await page.getByRole('button', { name: 'Confirm' }).click();
}

test('without JavaScript, an address the map cannot find is placed by a place the customer types', async ({
  page,
  request,
}) => {
  // Kubwa is served but not in the gazetteer: nothing is found for the address, the landmark or the town.
  await sendPlainDetails(page, { msisdn: '8021000004', address: '9 Gado Nasko Road', town: 'Kubwa' });
  await expect(page.getByText(/We could not find your address on the map/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  await page.getByLabel('Enter a Location').fill('Atlantis');
  await page.getByRole('button', { name: 'Go' }).click();
  await expect(page.getByText('We could not find that place. Try a nearby area or town.')).toBeVisible();
  await page.getByLabel('Enter a Location').fill('Abuja');
  await page.getByRole('button', { name: 'Go' }).click();
  await expect(page.getByText(/We found your address at Abuja/)).toBeVisible();
  await confirmPlainRequest(page, request, '8021000004');
  await expect(page).toHaveURL(/\/payment\/start\?purchase=/);
  await expect(page.getByRole('status').filter({ hasText: 'home-broadband request' })).toContainText(
    'Congratulations! Service is available in your area!',
  );
});

test('without JavaScript, a request where service is not yet ends on its status page', async ({
  page,
  request,
}) => {
  await sendPlainDetails(page, { msisdn: '8021000006', address: '4 Atiku Road', town: 'Yola' });
  await expect(page.getByText(/We found your address at Yola/)).toBeVisible();
  await confirmPlainRequest(page, request, '8021000006');
  await expect(page).toHaveURL(/\/hbb-lead-status\?id=HBB[0-9A-Z]{16}$/);
  await expect(page.getByText('Not yet available in your area')).toBeVisible();
  await expect(page.getByText('Thank you!', { exact: true })).toBeVisible();
  await expect(
    page.getByText(/We will contact you as soon as home broadband reaches your area\./),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Explore other Products' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the privacy notice arrives whole, in its language', async ({ page }) => {
  await page.goto('/hbb-lead');
  await page.locator('footer.site-footer').getByRole('link', { name: 'Privacy notice' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy notice');
  await expect(page.getByText('Home-broadband requests: 12 months')).toBeVisible();
  await page.goto('/sw/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Taarifa ya faragha');
});

test('the Contact Us form works as a plain form: the rules in place, then the confirmation', async ({
  page,
}) => {
  await page.goto('/contact-us');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Full name').fill('Ada Obi');
  await form.getByLabel('Mobile number').fill('80210');
  await form.getByRole('button', { name: 'Send message' }).click();
  // The server checks it with the form's rules; what was typed stays.
  await expect(form.getByText('Invalid Mobile No')).toBeVisible();
  await expect(form.getByText('Topic is required')).toBeVisible();
  await expect(form.getByText('Your message is required')).toBeVisible();
  await expect(form.getByLabel('Full name')).toHaveValue('Ada Obi');
  await form.getByLabel('Mobile number').fill('8021000001');
  await form.getByLabel('Home broadband').check();
  await form.getByLabel('Your message').fill('Is home broadband available in Ikeja?');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page).toHaveURL(/\/contact-us\?sent=CNT[0-9A-Z]{16}$/);
  await expect(page.getByText(/Your reference: CNT[0-9A-Z]{16}/)).toBeVisible();
});

test('the feedback form works as a plain form: what is missing said in place, then the thanks', async ({
  page,
}) => {
  await page.goto('/give_your_feedback');
  const form = page.locator('form.feedback__form');
  await form.getByLabel('Mobile number').fill('80210');
  await form.getByRole('button', { name: 'Send feedback' }).click();
  await expect(form.getByText('Please choose how your experience was')).toBeVisible();
  await expect(form.getByText('Please tell us a little more')).toBeVisible();
  await expect(form.getByText('Invalid Mobile No')).toBeVisible();
  await expect(form.getByLabel('Mobile number')).toHaveValue('80210');

  // What was chosen and typed stays; only what is still wrong is said.
  await form.getByLabel('What is it about?').selectOption('network');
  await form.getByLabel('Your comments').fill('Calls drop at Yaba market.');
  await form.getByRole('button', { name: 'Send feedback' }).click();
  await expect(form.getByText('Please choose how your experience was')).toBeVisible();
  await expect(form.getByText('Please tell us a little more')).toHaveCount(0);
  await expect(form.getByLabel('What is it about?')).toHaveValue('network');
  await expect(form.getByLabel('Your comments')).toHaveValue('Calls drop at Yaba market.');

  await form.getByText('Good', { exact: true }).click();
  await expect(form.getByRole('radio', { name: 'Good' })).toBeChecked();
  await form.getByLabel('Mobile number').fill('8021000001');
  await form.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page).toHaveURL(/\/give_your_feedback\?sent=/);
  await expect(page.getByRole('heading', { name: 'Thank you for reaching out' })).toBeVisible();
  await page.getByRole('link', { name: 'Send more feedback' }).click();
  await expect(page).toHaveURL(/\/give_your_feedback$/);
  await expect(page.getByRole('button', { name: 'Send feedback' })).toBeEnabled();
});

test('the store locator finds shops with a plain search form; a place it does not know says so', async ({
  page,
}) => {
  await page.goto('/storeLocator');
  // Nothing waits for a position that only a script could ask for: the page says what to do instead.
  await expect(page.getByText('Type a city, town or pincode above and press Search')).toBeVisible();
  await expect(page.locator('.store-locator__loading')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Use current location' })).toBeHidden();

  await page.getByRole('combobox', { name: 'Search' }).fill('Ikeja');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/storeLocator\?q=Ikeja$/);
  await expect(page.getByRole('heading', { name: 'Shops near Ikeja, Lagos State' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Shops, nearest first' }).getByRole('listitem');
  await expect(cards.first()).toContainText('Naija Shop Computer Village');
  const distances = (await page.locator('.shop-card__distance').allTextContents()).map((d) =>
    Number(d.replace(' Km', '')),
  );
  expect(distances.length).toBeGreaterThan(5);
  expect([...distances].sort((a, b) => a - b)).toEqual(distances);
  await expect(page.getByRole('combobox', { name: 'Search' })).toHaveValue('Ikeja');

  await page.getByRole('combobox', { name: 'Search' }).fill('Atlantis');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: 'No data found' })).toBeVisible();
  await expect(cards).toHaveCount(0);

  // The dealers' page, in Hausa, the same way.
  await page.goto('/ha/store_finder/dealers');
  await page.getByRole('combobox', { name: 'Nema' }).fill('Kano');
  await page.getByRole('button', { name: 'Nema' }).click();
  await expect(page).toHaveURL(/\/ha\/store_finder\/dealers\?q=Kano$/);
  await expect(page.getByRole('heading', { name: /^Dillalai kusa da Kano/ })).toBeVisible();
  await expect(page.locator('.shop-card').first()).toBeVisible();
});

test('the coverage page answers a plain search with the nearest site of each technology', async ({
  page,
}) => {
  // No map, so no technology to choose, and no introduction asking for one (in any language).
  for (const lang of ['en', 'ha', 'yo', 'ig', 'pcm', 'sw']) {
    await page.goto(lang === 'en' ? '/openNetworks' : `/${lang}/openNetworks`);
    await expect(page.getByText(texts(lang)['coverage.searchWithoutScript']!)).toBeVisible();
    await expect(page.getByText(texts(lang)['coverage.intro']!)).toBeHidden();
    await expect(page.getByRole('radio')).toHaveCount(0);
  }
  await page.goto('/openNetworks');
  await expect(page.getByText('The map needs JavaScript.')).toBeVisible();
  await expect(page.getByText('Loading coverage...')).toBeHidden();
  await page.getByRole('combobox', { name: 'Search' }).fill('Ikeja');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/openNetworks\?q=Ikeja$/);
  const near = page.getByRole('region', { name: 'Coverage near Ikeja, Lagos State' });
  await expect(near.getByRole('listitem')).toHaveText([
    /^2G coverage: nearest site \d+\.\d Km away$/,
    /^3G coverage: nearest site \d+\.\d Km away$/,
    /^4G coverage: nearest site \d+\.\d Km away$/,
    /^5G coverage: nearest site \d+\.\d Km away$/,
  ]);
  // Maiduguri has no 5G site within 100 Km (content/pages/*/fetch-sites-data-5g.json).
  await page.goto('/pcm/openNetworks?q=Maiduguri');
  await expect(
    page
      .getByRole('region', { name: /Maiduguri/ })
      .getByRole('listitem')
      .last(),
  ).toHaveText('Where 5G dey: no site dey inside 100 Km');
  await page.goto('/openNetworks?q=Atlantis');
  await expect(page.getByRole('status').filter({ hasText: 'No matching result' })).toBeVisible();
});

test('the help centre is browsed by its links: categories, a question, its answer and back', async ({
  page,
}) => {
  await page.goto('/gethelp');
  await page.getByRole('link', { name: 'Data & Bundles' }).click();
  await expect(page).toHaveURL(/\/gethelp\?parent=Data\+%26\+Bundles$/);
  await expect(page.getByRole('heading', { name: 'Related with Data & Bundles' })).toBeVisible();
  await page.getByRole('link', { name: 'Data plans' }).click();
  await page.getByRole('link', { name: 'How do I buy a data bundle?' }).first().click();
  await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toContainText(
    'How do I buy a data bundle?',
  );
  // 'Was this helpful?' is a plain form here too (its vote: e2e/tests/help.spec.ts).
  await expect(page.getByRole('group', { name: 'Was this helpful?' }).getByRole('button')).toHaveCount(2);
  await expectNoDeadControls(page);
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Related with Data plans' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'Help Centre' })
    .click();
  await expect(page).toHaveURL(/\/gethelp$/);
  await expect(page.getByRole('heading', { name: 'Browse by category' })).toBeVisible();

  // The search box is a plain form: what it found, as links.
  await page.getByRole('combobox', { name: 'Search' }).fill('data balance');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/gethelp\?search=data\+balance$/);
  await expect(page.getByRole('heading', { name: /^\d+ questions? found$/ })).toBeVisible();
  await expectNoDeadControls(page);
  await page.getByRole('link', { name: 'How do I check my data balance?' }).click();
  await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toContainText(
    'How do I check my data balance?',
  );
  await page.goto('/gethelp?search=zzzz');
  await expect(page.getByRole('heading', { name: 'No data found' })).toBeVisible();
});

test("a help answer's link to a portal page keeps the page's language", async ({ page }) => {
  await page.goto('/ig/gethelp?question=dat-001');
  const answer = page.getByRole('article');
  await expect(answer.getByRole('link', { name: 'Data bundle' })).toHaveAttribute('href', '/ig/data-bundle');
  await answer.getByRole('link', { name: 'Data bundle' }).click();
  await expect(page).toHaveURL(/\/ig\/data-bundle$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ig');
});

test('a form sent to a page that takes none is refused with 405 and the page itself, in its language', async ({
  page,
  request,
}) => {
  // A bot's POST, or a form kept in an old tab: not the router's English error, nor a 500.
  const refused = await request.post('/ha/storeLocator', { form: { x: '1' } });
  expect(refused.status()).toBe(405);
  expect(refused.headers()['allow']).toBe('GET, HEAD');
  await page.setContent(await refused.text());
  await expect(page.locator('html')).toHaveAttribute('lang', 'ha');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts('ha')['storeLocator.findNaijaIn']!);
  await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
  // The home page too, and an address with no page stays the not-found it is for a GET.
  expect((await request.post('/', { form: { x: '1' } })).status()).toBe(405);
  const unknown = await request.post('/ha/no-such-page', { form: { x: '1' } });
  expect(unknown.status()).toBe(404);
  // The not-found page itself (a gateway's return with an unknown reference lands there) is a 404 too.
  expect((await request.get('/ha/page-not-found')).status()).toBe(404);
  expect(await unknown.text()).toContain('<html lang="ha"');
  // The refusal is not kept for the page's visitors.
  expect((await request.get('/ha/storeLocator')).status()).toBe(200);

  // A page with a plain form still takes it: on to the payment page, or the form again with what is wrong.
  const sent = await request.post('/ha/prepaid-recharge', {
    form: { msisdn: '8021000001', amount: '500' },
    maxRedirects: 0,
  });
  expect(sent.status()).toBe(303);
  expect(sent.headers()['location']).toMatch(/^\/ha\/payment\/start\?purchase=/);
  // Counted as the page whose form it was, not under the pages' one catch-all route.
  const metrics = await (await request.get('/metrics')).text();
  expect(metrics).toMatch(/route="page:prepaid-recharge",status_code="303"\} [1-9]/);
  const invalid = await request.post('/ha/prepaid-recharge', { form: { msisdn: '1' }, maxRedirects: 0 });
  expect(invalid.status()).toBe(400);
  expect(invalid.headers()['allow']).toBeUndefined();
});

test("the home page's quick recharge and the request tracker are plain forms", async ({ page }) => {
  await page.goto('/');
  const quick = page.locator('form.quick-recharge__form');
  await quick.getByLabel('Mobile number').fill('8021000001');
  await quick.getByLabel('Amount').fill('500');
  await quick.getByRole('button', { name: texts('en')['home.quickRecharge.submit']! }).click();
  await expect(page).toHaveURL(/\/prepaid-recharge\?msisdn=8021000001&amount=500$/);
  await expect(page.getByLabel('Mobile number')).toHaveValue('8021000001');

  await page.goto('/hbb-lead-status');
  await page.getByLabel('Request number').fill('hbbnosuchrequest');
  await page.getByRole('button', { name: 'Track' }).click();
  await expect(page).toHaveURL(/\/hbb-lead-status\?id=hbbnosuchrequest$/);
  await expect(page.getByText('We could not find a request with this number.')).toBeVisible();
});

test('a number the core could not check is said so, not called invalid', async ({ page, request }) => {
  // 7011000009 has an operator prefix and no subscriber: only a found line is kept, so the core is asked.
  const fault = await request.patch('/sandbox/faults', { data: { core: { failNext5xx: 50 } } });
  expect(fault.ok()).toBeTruthy();
  try {
    await page.goto('/prepaid-recharge');
    await page.getByLabel('Mobile number').fill('7011000009');
    await page.getByLabel('Amount').fill('300');
    await page.getByRole('button', { name: 'BUY AIRTIME' }).click();
    await expect(page.getByText(texts('en')['validation.lineUnchecked']!)).toBeVisible();
    await expect(page.getByText('Invalid Mobile No')).toHaveCount(0);
  } finally {
    expect((await request.delete('/sandbox/faults')).ok()).toBeTruthy();
  }
  // The core answering again, the same number is what it is: no such subscriber.
  await page.getByRole('button', { name: 'BUY AIRTIME' }).click();
  await expect(page.getByText('Invalid Mobile No')).toBeVisible();
  await expect(page.getByLabel('Mobile number')).toHaveValue('7011000009');
});

test('a recharge by card, start to final status, with plain forms only', async ({ page, request }) => {
  await resetSandbox(request);
  const before = await coreSubscriber(request, '8021000004');

  await page.goto('/prepaid-recharge');
  await page.getByLabel('Mobile number').fill('8021000001');
  await page.getByLabel('Amount').fill('10');
  await page.getByRole('button', { name: 'BUY AIRTIME' }).click();
  // The server checks the form as the live page would, and says what is wrong in place.
  await expect(page.getByText('Minimum amount should be NGN 50')).toBeVisible();
  await expect(page.getByLabel('Mobile number')).toHaveValue('8021000001');
  // Kobo are refused where whole amounts are asked, never read as more naira (100.50 was 10,050).
  await page.getByLabel('Amount').fill('100.50');
  await page.getByRole('button', { name: 'BUY AIRTIME' }).click();
  await expect(page.getByText('Enter a whole amount, without decimals')).toBeVisible();

  await page.getByLabel('Mobile number').fill('8021000004');
  await page.getByLabel('Amount').fill('300.00');
  await page.getByRole('button', { name: 'BUY AIRTIME' }).click();
  await expect(page).toHaveURL(/\/payment\/start\?purchase=/);
  await expect(page.getByText(/NGN 300(?![\d,])/).first()).toBeVisible();
  await expect(page.getByText('30,000')).toHaveCount(0);
  // The number travels sealed: it is in the page, never in its address.
  expect(page.url()).not.toContain('8021000004');
  await expect(page.getByText('+234 8021000004')).toBeVisible();

  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByRole('button', { name: 'PROCEED TO PAY' }).click();
  await expect(page).toHaveURL(/\/sandbox\/paystack\/checkout\//);
  // The gateway's own site, as in production: the portal's policy let the plain form leave for it.
  const gatewayOrigin = process.env.E2E_CARD_CHECKOUT_ORIGIN;
  if (gatewayOrigin) expect(new URL(page.url()).origin).toBe(gatewayOrigin);
  await page.getByLabel('Card number').fill('4084 0840 8408 4081');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVV').fill('408');
  await page.getByRole('button', { name: /^Pay / }).click();

  // Back through the gateway return to the status page, which refreshes itself until the payment is final.
  await expect(page).toHaveURL(/\/payment\/status\?id=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you', { timeout: 30_000 });
  const id = new URL(page.url()).searchParams.get('id')!;

  // The recipient was credited exactly once, by this payment.
  await expect
    .poll(
      async () => operationsFor(await coreSubscriber(request, '8021000004'), 'AIRTIME_CREDIT', [id]).length,
    )
    .toBe(1);
  const after = await coreSubscriber(request, '8021000004');
  expect(after.airtimeBalance - before.airtimeBalance).toBe(300);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you');
  expect(operationsFor(await coreSubscriber(request, '8021000004'), 'AIRTIME_CREDIT', [id])).toHaveLength(1);
  // The final page offers its receipt as a PDF; printing, which needs the page's script, is not offered.
  await expect(page.getByRole('link', { name: /receipt/i })).toBeVisible();
  await expectNoDeadControls(page);
  // Return leads back to the journey the payment was made on.
  await page.getByRole('link', { name: 'Return' }).click();
  await expect(page).toHaveURL(/\/prepaid-recharge$/);
});

test('a card payment made in Hausa comes back from the gateway to the Hausa status page', async ({
  page,
  request,
}) => {
  await resetSandbox(request);
  const ha = texts('ha');
  await page.goto('/ha/prepaid-recharge');
  await page.locator('input[name="msisdn"]').fill('8021000006');
  await page.locator('input[name="amount"]').fill('320');
  await page.getByRole('button', { name: ha['recharge.buyAirtime'] }).click();
  await expect(page).toHaveURL(/\/ha\/payment\/start\?purchase=/);
  await page.locator('input[type="email"]').fill('ada@example.com');
  await page.getByRole('button', { name: ha['payment.proceedToPay'] }).click();
  await page.getByLabel('Card number').fill('4084 0840 8408 4081');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVV').fill('408');
  await page.getByRole('button', { name: /^Pay / }).click();

  // The gateway's return address carries no language; the portal sends the payer back in theirs.
  await expect(page).toHaveURL(/\/ha\/payment\/status\?id=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ha['status.thankYou']!, {
    timeout: 30_000,
  });
});

/** A recharge of `msisdn` sent as the plain form, on to its payment page. */
async function rechargeToPayment(page: Page, msisdn: string, amount: string) {
  await page.goto('/prepaid-recharge');
  await page.getByLabel('Mobile number').fill(msisdn);
  await page.getByLabel('Amount').fill(amount);
  await page.getByRole('button', { name: 'BUY AIRTIME' }).click();
  await expect(page).toHaveURL(/\/payment\/start\?purchase=/);
}

/** The status page, refreshing itself, says the payment is through, and the core credited it once. */
async function expectPaidOnce(page: Page, request: APIRequestContext, msisdn: string, id: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you', { timeout: 30_000 });
  await expect
    .poll(async () => operationsFor(await coreSubscriber(request, msisdn), 'AIRTIME_CREDIT', [id]).length)
    .toBe(1);
}

/** The payer approves the prompt waiting on the sandbox phone of `msisdn` (design §4). */
async function approvePrompt(request: APIRequestContext, msisdn: string) {
  let prompt: { id: string } | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/sandbox/phone/${msisdn}/prompts`);
      prompt = response.ok() ? ((await response.json()) as { id: string }[])[0] : undefined;
      return prompt?.id;
    })
    .toBeTruthy();
  const approved = await request.post(`/sandbox/phone/${msisdn}/prompts/${prompt!.id}/approve`, {
    data: { pin: '1234' },
  });
  expect(approved.status()).toBeLessThan(400);
}

test('a recharge by mobile money without JavaScript: the prompt approved on the phone pays it', async ({
  page,
  request,
}) => {
  await resetSandbox(request);
  const before = await coreSubscriber(request, '8021000001');
  await rechargeToPayment(page, '8021000001', '250');

  // The methods that need no script are links to their own page; the others (a PIN) are left out.
  await expect(page.getByRole('link', { name: 'Airtime', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'SmartCash' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Mobile Money', exact: true }).click();
  await expect(page).toHaveURL(/\/payment\/start\/[a-z]+-money\?purchase=/);
  await expect(page.getByText('We send a payment request to this number.', { exact: false })).toBeVisible();
  await expectNoDeadControls(page);
  await page.getByLabel('Mobile number').fill('80210');
  await page.getByRole('button', { name: 'PROCEED TO PAY' }).click();
  await expect(page.getByText('Invalid Mobile No')).toBeVisible();
  await page.getByLabel('Mobile number').fill('8021000001');
  await page.getByRole('button', { name: 'PROCEED TO PAY' }).click();

  // The status page waits for the payer's answer on the phone, refreshing itself.
  await expect(page).toHaveURL(/\/payment\/status\?id=/);
  const id = new URL(page.url()).searchParams.get('id')!;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('In Processing');
  await approvePrompt(request, '8021000001');
  await expectPaidOnce(page, request, '8021000001', id);
  const after = await coreSubscriber(request, '8021000001');
  expect(after.airtimeBalance - before.airtimeBalance).toBe(250);
});

test('MPESA without JavaScript: the email asked for in place, then the prompt approved pays', async ({
  page,
  request,
}) => {
  await rechargeToPayment(page, '8021000001', '300');
  await page.getByRole('link', { name: 'MPESA', exact: true }).click();
  await expect(page).toHaveURL(/\/payment\/start\/mpesa\?purchase=/);
  await page.getByRole('button', { name: 'Continue to pay' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByRole('button', { name: 'Continue to pay' }).click();
  await expect(page).toHaveURL(/\/payment\/status\?id=/);
  const id = new URL(page.url()).searchParams.get('id')!;
  await approvePrompt(request, '8021000001');
  await expectPaidOnce(page, request, '8021000001', id);
});

/** The airtime method of a payment page without JavaScript: a link to its own page. */
async function openAirtime(page: Page) {
  await page.getByRole('link', { name: 'Airtime', exact: true }).click();
  await expect(page).toHaveURL(/\/payment\/start\/airtime\?purchase=/);
}

/** The airtime form sent with `payer`; the code the payer got. */
async function sendAirtimeForm(page: Page, request: APIRequestContext, payer: string): Promise<string> {
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Mobile number').fill(payer);
  const since = new Date();
  await page.getByRole('button', { name: 'PROCEED TO PAY' }).click();
  await expect(page.getByText('Enter the 6-digit code we sent to')).toBeVisible();
  return codeFromInbox(request, payer, since);
}

test("airtime without JavaScript: the code in a field, a wrong one refused, 'Are you sure?', Yes pays once", async ({
  page,
  request,
}) => {
  await resetSandbox(request);
  const payerBefore = await coreSubscriber(request, '8021000001');
  await rechargeToPayment(page, '8021000004', '300');
  await openAirtime(page);
  await expectNoDeadControls(page);
  // The airtime form's own texts, said in place by the server.
  await page.getByRole('button', { name: 'PROCEED TO PAY' }).click();
  await expect(page.getByText('Email id is required')).toBeVisible();
  await expect(page.getByText('Please enter Phone No')).toBeVisible();
  const code = await sendAirtimeForm(page, request, '8021000001');

  // One plain field; a wrong code is refused in place with the live page's words, and never written back.
  await expect(page.getByText('Enter the 6-digit code we sent to 802****001.')).toBeVisible();
  await expectNoDeadControls(page);
  await page.getByLabel('One-time code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page.getByText('Please enter correct OTP')).toBeVisible();
  await expect(page.getByText('ATTEMPTS LEFT: 4')).toBeVisible();
  await expect(page.getByLabel('One-time code')).toHaveValue('');
  // Resend before the minute is up: the seconds left, in the code dialog's words, and no code sent.
  const inboxBefore = (await (await request.get('/sandbox/sms?to=8021000001')).json()) as unknown[];
  await page.getByRole('button', { name: 'Resend OTP' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Resend OTP in \d+ s$/ })).toBeVisible();
  await expect(page.getByText('max limit exhausted')).toHaveCount(0);
  const inboxAfter = (await (await request.get('/sandbox/sms?to=8021000001')).json()) as unknown[];
  expect(inboxAfter).toHaveLength(inboxBefore.length);
  await page.getByLabel('One-time code').fill(code);
  await page.getByRole('button', { name: 'Verify code' }).click();

  // 'Are you sure?' with the live dialog's texts; No comes first, Yes is a deliberate second button.
  const confirm = page.getByRole('form', { name: 'Are you sure?' });
  await expect(
    confirm.getByText('NGN 300 will be deducted from the airtime balance of +234 8021000001.'),
  ).toBeVisible();
  await expect(confirm.getByRole('button')).toHaveText(['No', 'Yes']);
  await expectNoDeadControls(page);
  // What the Yes form sends, to send it again below.
  const yesFields = Object.fromEntries(
    await confirm
      .locator('input[type="hidden"]')
      .evaluateAll((inputs) =>
        inputs.map((input) => [input.getAttribute('name') ?? '', input.getAttribute('value') ?? '']),
      ),
  ) as Record<string, string>;
  const yesAction = new URL((await confirm.getAttribute('action')) ?? '', page.url()).href;
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/payment\/status\?id=/);
  const id = new URL(page.url()).searchParams.get('id')!;
  await expectPaidOnce(page, request, '8021000004', id);

  // The same Yes sent again (a resent form) answers with the same payment and charges nothing more.
  const again = await request.post(yesAction, {
    form: { ...yesFields, ask: 'yes' },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(303);
  expect(again.headers()['location']).toContain(`id=${encodeURIComponent(id)}`);
  const payer = await coreSubscriber(request, '8021000001');
  expect(payerBefore.airtimeBalance - payer.airtimeBalance).toBe(300);
  expect(operationsFor(await coreSubscriber(request, '8021000004'), 'AIRTIME_CREDIT', [id])).toHaveLength(1);
});

test('airtime without JavaScript: too little airtime is said after the code, and nothing is paid', async ({
  page,
  request,
}) => {
  // The sandbox's 8021000004 holds NGN 50 of airtime (design §4).
  await resetSandbox(request);
  const before = await coreSubscriber(request, '8021000004');
  await rechargeToPayment(page, '8021000001', '300');
  await openAirtime(page);
  const code = await sendAirtimeForm(page, request, '8021000004');
  await page.getByLabel('One-time code').fill(code);
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page.getByText("Looks like you don't have sufficient balance.")).toBeVisible();
  await expect(page.getByText('Please recharge your airtime or use another payment method.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Recharge airtime' })).toBeVisible();
  // The form again, as it was sent, to try another number.
  await expect(page.getByLabel('Mobile number')).toHaveValue('8021000004');
  await expect(page).toHaveURL(/\/payment\/start\/airtime\?purchase=/);
  await expect(page.getByRole('form', { name: 'Are you sure?' })).toHaveCount(0);
  const after = await coreSubscriber(request, '8021000004');
  expect(after.airtimeBalance).toBe(before.airtimeBalance);
  expect(after.operations).toHaveLength(before.operations.length);
});

test('the data balance of a MiFi without JavaScript: a code to the device, then the balances in the page', async ({
  page,
  request,
}) => {
  await resetSandbox(request);
  await page.goto('/broadband-recharge');
  const number = page.getByLabel('Mobile number');
  // Enter in the number still shows the plans (the form's first button), and sends no code.
  await number.fill('9021000005');
  await number.press('Enter');
  await expect(page.getByRole('heading', { name: 'MiFi Internet Plans' })).toBeVisible();
  await expect(page.getByLabel('One-time code')).toHaveCount(0);

  const since = new Date();
  await page.getByRole('button', { name: 'Fetch your Data Balance' }).click();
  const step = page.getByRole('form', { name: 'Confirm it is your device' });
  await expect(step.getByText('Enter the 6-digit code we sent to 902****005.')).toBeVisible();
  await expect(number).toHaveValue('9021000005');
  await expectNoDeadControls(page);
  const code = await codeFromInbox(request, '9021000005', since);

  // A wrong code is said in place, with the attempts left; Enter in the code field is 'Show balance'.
  await step.getByLabel('One-time code').fill(code === '000000' ? '111111' : '000000');
  await step.getByLabel('One-time code').press('Enter');
  await expect(step.getByText('Please enter correct OTP')).toBeVisible();
  await expect(step.getByText('ATTEMPTS LEFT: 4')).toBeVisible();
  await step.getByLabel('One-time code').fill(code);
  await step.getByLabel('One-time code').press('Enter');

  // The popup's rows, in the page, said as a status; then the device's plans.
  const shown = page.getByRole('status').filter({ hasText: 'Your active bundle' });
  const row = shown.getByRole('row', { name: /MiFi Monthly 10GB/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(0)).toHaveText('10 GB');
  await expect(row.getByRole('cell').nth(1)).toHaveText(
    /^\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/,
  );
  await expect(page.getByRole('form', { name: 'Confirm it is your device' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'MiFi Internet Plans' })).toBeVisible();
  await expectNoDeadControls(page);

  // In the page's language: the same in Swahili.
  await page.goto('/sw/broadband-recharge');
  const sw = texts('sw');
  const since2 = new Date();
  await page.getByLabel(sw['fields.mobileNumber']!).fill('9021000005');
  await page.getByRole('button', { name: sw['broadband.fetchBalance']! }).click();
  const hatua = page.getByRole('form', { name: sw['broadband.otpTitle']! });
  await hatua.getByLabel(sw['otp.codeLabel']!).fill(await codeFromInbox(request, '9021000005', since2));
  await hatua.getByRole('button', { name: sw['broadband.showBalance']! }).click();
  const salio = page.getByRole('status').filter({ hasText: sw['broadband.balanceTitle']! });
  await expect(salio.getByRole('columnheader', { name: sw['broadband.colBalance']! })).toBeVisible();
  await expect(
    salio
      .getByRole('row', { name: /MiFi Monthly 10GB/ })
      .getByRole('cell')
      .nth(0),
  ).toHaveText('10 GB');
});

test('a data bundle, a MiFi plan, a postpaid bill by account number and a fixed-internet invoice reach the payment page', async ({
  page,
}) => {
  await page.goto('/data-bundle');
  // A postpaid line (postpaid bundles off) is a real number: not 'Invalid Mobile No'.
  await page.getByLabel('Mobile number').fill('8021000002');
  await page.getByRole('button', { name: texts('en')['dataBundle.showBundles']! }).click();
  await expect(page.getByText('Postpaid lines cannot buy bundles here')).toBeVisible();
  await page.getByLabel('Mobile number').fill('8021000001');
  await page.getByRole('button', { name: texts('en')['dataBundle.showBundles']! }).click();
  await expect(page.getByRole('button', { name: /^Buy / }).first()).toBeVisible();
  // The list is whole; its period filter needs a script and is not offered here.
  await expect(page.getByRole('button', { name: /Validity period/ })).toBeHidden();
  await expectNoDeadControls(page);
  await page.getByRole('button', { name: /^Buy / }).first().click();
  await expect(page).toHaveURL(/\/payment\/start\?purchase=/);
  await expect(page.getByRole('heading', { name: 'Bundle Purchase' })).toBeVisible();
  // The card group is open and its header is a heading, not a button that would toggle nothing.
  await expect(page.getByRole('heading', { name: 'Debit/Credit Card' })).toBeVisible();
  await expectNoDeadControls(page);

  // A MiFi plan: a number that is not a broadband device is refused in place; the device's plans, then one.
  await page.goto('/broadband-recharge');
  // The data balance is a plain form's button too (its own test below).
  await expect(page.getByRole('button', { name: 'Fetch your Data Balance' })).toBeVisible();
  await page.getByLabel('Mobile number').fill('8021000001');
  await page.getByRole('button', { name: texts('en')['dataBundle.showBundles']! }).click();
  await expect(page.getByText('Invalid Mobile No')).toBeVisible();
  await page.getByLabel('Mobile number').fill('9021000005');
  const plans = page.waitForResponse((r) => r.request().method() === 'POST');
  await page.getByRole('button', { name: texts('en')['dataBundle.showBundles']! }).click();
  // The device's plans are an answer, not a refusal.
  expect((await plans).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'MiFi Internet Plans' })).toBeVisible();
  await page.getByRole('button', { name: 'Buy MiFi Monthly 25GB for NGN 9,000' }).click();
  await expect(page).toHaveURL(/\/payment\/start\?purchase=/);
  await expect(page.getByRole('heading', { name: 'Broadband Recharge' })).toBeVisible();

  // Enter in the account number field with no amount fetches the bill; Enter in the amount pays (the form's
  // first button is a payment's, not the bill fetch's), as MAKE A PAYMENT does.
  // The number as Nigerians write it, with its trunk 0: the server takes it without the 0.
  await page.goto('/postpaid-bill-pay');
  await page.getByLabel('Mobile number').fill('0802 100 0002');
  await page.getByLabel('Account number').fill('1000000002');
  await page.getByLabel('Account number').press('Enter');
  await expect(page.getByLabel('Amount')).not.toHaveValue('');
  await page.getByLabel('Amount').press('Enter');
  await expect(page).toHaveURL(/\/payment\/start\?purchase=/);
  await expect(page.getByText('+234 8021000002')).toBeVisible();
  await page.goto('/postpaid-bill-pay');
  await page.getByLabel('Mobile number').fill('8021000002');
  await page.getByLabel('Account number').fill('1000000002');
  await page.getByRole('button', { name: texts('en')['billPay.fetchByAccount']! }).click();
  await expect(page.getByLabel('Amount')).not.toHaveValue('');
  await page.getByRole('button', { name: 'MAKE A PAYMENT' }).click();
  await expect(page).toHaveURL(/\/payment\/start\?purchase=/);

  await page.goto('/orp/fixed-internet');
  await page.getByLabel('Account number').fill('PA0000000001');
  await page.getByLabel('Email').fill('billing@example.com');
  await page.getByRole('button', { name: texts('en')['fixedInternet.showBills']! }).click();
  await page
    .getByRole('button', { name: /PAY BILL|Pay invoice/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/payment\/start\?purchase=/);
  await expect(page.getByRole('heading', { name: 'FIXED INTERNET BILL PAYMENT' })).toBeVisible();
});

test('the same recharge again without JavaScript asks first, and charges only after "buy again"', async ({
  page,
  request,
}) => {
  await resetSandbox(request);
  const patched = await request.patch('/sandbox/config', { data: { duplicatePurchaseWindowMinutes: 10 } });
  expect(patched.ok()).toBeTruthy();
  const number = '8021000006';
  const credits = async () =>
    (await coreSubscriber(request, number)).operations.filter(
      (o) => o.type === 'AIRTIME_CREDIT' && Math.abs(o.amount - 350) < 0.01,
    ).length;
  const toPaymentPage = async () => {
    await page.goto('/prepaid-recharge');
    await page.getByLabel('Mobile number').fill(number);
    await page.getByLabel('Amount').fill('350');
    await page.getByRole('button', { name: 'BUY AIRTIME' }).click();
    await expect(page).toHaveURL(/\/payment\/start\?purchase=/);
    await page.getByLabel('Email').fill('ada@example.com');
  };
  const payOnGateway = async () => {
    await expect(page).toHaveURL(/\/sandbox\/paystack\/checkout\//);
    await page.getByLabel('Card number').fill('4084 0840 8408 4081');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('CVV').fill('408');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you', { timeout: 30_000 });
  };

  await toPaymentPage();
  await page.getByRole('button', { name: 'PROCEED TO PAY' }).click();
  await payOnGateway();
  const first = new URL(page.url()).searchParams.get('id')!;
  await expect.poll(credits).toBe(1);

  // The same again: the form names the earlier payment and asks; nothing is charged yet.
  await toPaymentPage();
  await page.getByRole('button', { name: 'PROCEED TO PAY' }).click();
  const question = page.getByRole('alert').filter({ hasText: 'Same purchase a moment ago' });
  // The server names the earlier payment by the end of its reference only.
  await expect(question).toContainText(`(reference …${first.slice(-6)})`);
  await expect(page).toHaveURL(/\/payment\/start\?purchase=/);
  expect(await credits()).toBe(1);
  // Enter in a field presses the form's first button: Cancel, which pays nothing and, as the live dialog's
  // Cancel, leaves the payer on the payment page, without the question.
  await page.getByLabel('Email').press('Enter');
  await expect(page).toHaveURL(/\/payment\/start(\/card)?\?purchase=/);
  await expect(question).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'PROCEED TO PAY' })).toBeVisible();
  expect(await credits()).toBe(1);
  // Asked again; the email stays as sent; "buy again" pays.
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByRole('button', { name: 'PROCEED TO PAY' }).click();
  await expect(question).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('ada@example.com');
  await page.getByRole('button', { name: 'BUY AGAIN' }).click();
  await payOnGateway();
  expect(new URL(page.url()).searchParams.get('id')).not.toBe(first);
  await expect.poll(credits).toBe(2);
});
