import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { codeFromInbox, purchaseContext, sessionItem, settled, typeCode } from './journeys-support';
import { API_HEADERS, payOnCheckout, resetSandbox } from './sandbox';

/**
 * The home-broadband lead (spec §2, §4 "Broadband lead", "Address geocoding") in Chromium: plan, the
 * schema-built details form, the address map with its confirm-or-edit dialog, the one-time code read from the
 * sandbox inbox, and the three outcomes: feasible (through to a paid lead), not feasible, and an address the
 * gazetteer cannot place (the customer pins it on the map).
 */
const STATUS_PATH = '/orp/bfe/api/portal-service/transaction/v1/status';
const TRACK_PATH = '/orp/bfe/api/portal-service/subscriber/v1/track-lead';
const SUCCESS_CARD = '4084 0840 8408 4081';

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

type Customer = {
  name: string;
  msisdn: string;
  email: string;
  address: string;
  landmark?: string;
  town: string;
};

async function choosePlan(page: Page, plan = 'Home Starter 30GB') {
  await page.goto('/hbb-lead');
  await settled(page);
  await expect(page.getByRole('heading', { name: '4G Home Router' })).toBeVisible();
  await expect(
    page.getByText('Prices include taxes, plus a one-time connection fee of N20,000.'),
  ).toBeVisible();
  const proceed = page.getByRole('button', { name: 'Proceed' });
  await expect(proceed).toBeDisabled();
  await page.getByLabel(plan).check();
  await expect(proceed).toBeEnabled();
  await proceed.click();
}

async function fillDetails(page: Page, customer: Customer) {
  const form = page.getByRole('form', { name: 'Your details' });
  await expect(form).toBeVisible();
  const submit = form.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await form.getByLabel('Full name').fill(customer.name);
  await form.getByLabel('Mobile number').fill(customer.msisdn);
  await form.getByLabel('Email').fill(customer.email);
  await form.getByLabel('Installation address').fill('1234567890');
  await expect(form.getByText('Please enter a valid address')).toBeVisible();
  await form.getByLabel('Installation address').fill(customer.address);
  if (customer.landmark) await form.getByLabel('Landmark').fill(customer.landmark);
  await form.getByRole('button', { name: /^Town/ }).click();
  await form.getByRole('combobox').fill(customer.town);
  await form.getByRole('option', { name: customer.town, exact: true }).click();
  // The unchecked required consent keeps submit disabled.
  await expect(submit).toBeDisabled();
  await form.getByLabel(/I agree to be contacted/).check();
  await expect(submit).toBeEnabled();
  await submit.click();
}

/** Confirms and verifies a lead where the service is available: it is congratulated and goes on to pay. */
async function submitAvailable(page: Page, request: APIRequestContext, msisdn: string) {
  await confirmAndVerify(page, request, msisdn);
  await expect(
    page.getByRole('dialog', { name: 'Congratulations! Service is available in your area!' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/payment\/start/, { timeout: 10_000 });
}

/** Confirms the address in the dialog and enters the code texted to the customer. */
async function confirmAndVerify(page: Page, request: APIRequestContext, msisdn: string) {
  const since = new Date();
  await page.getByRole('button', { name: 'Confirm location' }).click();
  const confirm = page.getByRole('dialog', { name: 'Is this your installation address?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm', exact: true }).click();
  const otp = page.getByRole('dialog', { name: 'Verify your number' });
  await expect(otp.getByLabel('Digit 1 of 6')).toBeVisible();
  const code = await codeFromInbox(request, msisdn, since);
  await typeCode(page, code);
}

async function trackLead(request: APIRequestContext, leadId: string) {
  const response = await request.post(TRACK_PATH, { data: { leadId }, headers: API_HEADERS });
  expect(response.ok(), `track-lead ${leadId}`).toBeTruthy();
  return ((await response.json()) as { result: Record<string, unknown> }).result;
}

/** No serious or critical accessibility violation on the page as it is now. */
async function expectAccessible(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ where, id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

test('feasible: the lead is stored, payment opens in sales-lead mode, and the lead is paid by card', async ({
  page,
  request,
}) => {
  const customer = {
    name: 'Ada Obi',
    msisdn: '8021000004',
    email: 'ada@example.com',
    address: '12 Allen Avenue',
    landmark: 'Opposite Ikeja City Mall',
    town: 'Ikeja',
  };
  await choosePlan(page);
  await fillDetails(page, customer);

  // Address and landmark are not in the gazetteer; the town is: the pin goes there.
  await expect(page.getByText(/We placed the pin at Ikeja/)).toBeVisible();
  // Edit from the confirm dialog goes back to the form, values kept.
  await page.getByRole('button', { name: 'Confirm location' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('form', { name: 'Your details' }).getByLabel('Full name')).toHaveValue(
    'Ada Obi',
  );
  await page.getByRole('form', { name: 'Your details' }).getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(/We placed the pin at Ikeja/)).toBeVisible();

  await submitAvailable(page, request, customer.msisdn);

  const leadId = await sessionItem(page, 'id');
  expect(leadId).toMatch(/^HBB[0-9A-Z]{16}$/);
  const isWorks = await sessionItem(page, 'isNaijaWorks');
  expect(isWorks).toBe('true');
  // The sales-works landing text (spec label `awlanding`) names the lead being paid.
  await expect(page.getByRole('status').filter({ hasText: leadId! })).toHaveText(
    `Congratulations! Service is available in your area! You are paying for your home-broadband request ${leadId}. The receipt goes to the email of the request.`,
  );
  expect(await purchaseContext(page)).toMatchObject({
    msisdn: customer.msisdn,
    amount: 30000,
    transactionType: 'HBB_LEADS',
    emailId: customer.email,
  });
  expect(await trackLead(request, leadId!)).toMatchObject({
    status: 'SUBMITTED',
    feasibility: true,
    city: 'Ikeja',
  });

  // Pay by card: the email comes from the lead and cannot be changed here.
  await page.getByRole('button', { name: 'Debit/Credit Card' }).first().click();
  const email = page.getByLabel('Email');
  await expect(email).toHaveValue(customer.email);
  await expect(email).not.toBeEditable();
  await page.getByRole('button', { name: 'PROCEED TO PAY' }).click();
  // The sandbox gateway's checkout (inline popup or hosted page).
  await payOnCheckout(page, SUCCESS_CARD);

  await expect(page).toHaveURL(/\/payment\/status/);
  const url = new URL(page.url());
  const transactionId = url.searchParams.get('id') ?? url.pathname.split('/').pop()!;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${STATUS_PATH}?tid=${encodeURIComponent(transactionId)}`, {
          headers: API_HEADERS,
        });
        const { result } = (await response.json()) as {
          result: { status: string; transactionType: string; metaInfo: { leadId: string | null } };
        };
        return result;
      },
      { timeout: 60_000 },
    )
    .toMatchObject({
      status: 'SUCCESS',
      transactionType: 'HBB_LEADS',
      paymentMode: 'HBB_LEADS',
      metaInfo: { leadId },
    });

  // The lead's own status page shows it by id, with the note and contact hints.
  await page.goto(`/hbb-lead-status?id=${leadId}`);
  await settled(page);
  await expect(page.getByText(leadId!, { exact: true })).toBeVisible();
  await expect(page.getByText(/Awaiting payment|Payment received/)).toBeVisible();
  await expect(page.getByText('Questions? Call 300 from your line or visit one of our shops.')).toBeVisible();
});

test('not feasible: the lead is still stored and "Explore other Products" leads back', async ({
  page,
  request,
}) => {
  const customer = {
    name: 'Bola Ade',
    msisdn: '8021000006',
    email: 'bola@example.com',
    address: '5 Baga Road',
    town: 'Maiduguri',
  };
  await choosePlan(page, 'Home Unlimited');
  await fillDetails(page, customer);
  await expect(page.getByText(/We placed the pin at Maiduguri/)).toBeVisible();
  await confirmAndVerify(page, request, customer.msisdn);

  const modal = page.getByRole('dialog', { name: 'Thank you!' });
  await expect(modal).toBeVisible();
  const text = (await modal.textContent()) ?? '';
  const leadId = /\((HBB[0-9A-Z]{16})\)/.exec(text)?.[1];
  expect(leadId, text).toBeTruthy();
  expect(await trackLead(request, leadId!)).toMatchObject({ status: 'NOT_FEASIBLE', feasibility: false });
  await modal.getByRole('button', { name: 'Explore other Products' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an address the map cannot find is pinned by the customer, then the lead goes to payment', async ({
  page,
  request,
}) => {
  const customer = {
    name: 'Chidi Eze',
    msisdn: '9021000005',
    email: 'chidi@example.com',
    address: 'Plot 5 Gado Nasko Road',
    landmark: 'Kubwa Market',
    // Served, but not in the gazetteer (content/scripts/build-towns.ts): the map finds nothing.
    town: 'Kubwa',
  };
  await choosePlan(page);
  await fillDetails(page, customer);
  await expect(page.getByText(/We could not find your address on the map/)).toBeVisible();
  const confirm = page.getByRole('button', { name: 'Confirm location' });
  await expect(confirm).toBeDisabled();
  await expect(page.getByText('No location chosen yet.')).toBeVisible();

  // The customer clicks the map where the router goes.
  const map = page.getByRole('region', { name: 'Installation address map' });
  await expect(map).toBeVisible();
  await map.click({ position: { x: 120, y: 120 } });
  await expect(page.getByText(/^Pin: /)).toBeVisible();
  await expect(confirm).toBeEnabled();

  await submitAvailable(page, request, customer.msisdn);
  const leadId = await sessionItem(page, 'id');
  expect(await trackLead(request, leadId!)).toMatchObject({ status: 'SUBMITTED', city: 'Kubwa' });
});

test('on a Hausa page the map step says where the pin is in Hausa, also in the confirm dialog (it showed hbb.map.pin)', async ({
  page,
}) => {
  await page.goto('/ha/hbb-lead');
  await settled(page);
  await page.getByLabel('Home Starter 30GB').check();
  await page.getByRole('button', { name: 'Ci gaba' }).click();
  const form = page.getByRole('form', { name: 'Bayananku' });
  await form.getByLabel('Cikakken suna').fill('Ada Obi');
  await form.getByLabel('Lambar waya').fill('8021000004');
  await form.getByLabel('Imel').fill('ada@example.com');
  await form.getByLabel('Adireshin sakawa').fill('12 Allen Avenue');
  await form.getByRole('button', { name: /^Gari/ }).click();
  await form.getByRole('combobox').fill('Ikeja');
  await form.getByRole('option', { name: 'Ikeja', exact: true }).click();
  await form.getByLabel(/^Na yarda a tuntuɓe ni/).check();
  await form.getByRole('button', { name: 'Aika' }).click();

  const pin = /^Alama: \d+\.\d{5}, \d+\.\d{5}$/;
  await expect(page.locator('.hbb-address__pin')).toHaveText(pin);
  await page.getByRole('button', { name: 'Tabbatar da wuri' }).click();
  const confirm = page.getByRole('dialog', { name: 'Wannan ne adireshin sakawarku?' });
  await expect(confirm.locator('dt', { hasText: 'Wuri a taswira' }).locator('+ dd')).toHaveText(pin);
  await expect(confirm).not.toContainText('hbb.');
});

test("the town dropdown is described by its hint, and its search box has the keys typed as it opens (Preact's effect waited for a frame)", async ({
  page,
}) => {
  await choosePlan(page);
  const form = page.getByRole('form', { name: 'Your details' });
  const town = form.getByRole('button', { name: /^Town/ });
  await expect(town).toHaveAccessibleDescription('The town or area where the router will be installed.');
  // Where a key pressed just after the press that opens the list goes: the search box, not the button.
  const focused = await town.evaluate(async (button) => {
    (button as unknown as { click(): void }).click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const active = (
      globalThis as unknown as {
        document: { activeElement: { getAttribute(n: string): string | null } | null };
      }
    ).document.activeElement;
    return active?.getAttribute('role');
  });
  expect(focused).toBe('combobox');
});

test('a lead waiting for its payment is paid from its status page without JavaScript', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const customer = {
    name: 'Emeka Nwosu',
    msisdn: '8021000001',
    email: 'emeka@example.com',
    address: '7 Obafemi Awolowo Way',
    town: 'Ikeja',
  };
  await choosePlan(page);
  await fillDetails(page, customer);
  await expect(page.getByText(/We placed the pin at Ikeja/)).toBeVisible();
  await submitAvailable(page, request, customer.msisdn);
  const leadId = (await sessionItem(page, 'id'))!;
  await page.goto(`/hbb-lead-status?id=${leadId}`);
  await settled(page);
  await page.getByText('Pay now', { exact: true }).click();
  await expect(page.getByLabel('Mobile number')).toBeVisible();
  await expectAccessible(page, 'lead status, Pay now open');

  // The customer opens the request's link later in a browser that runs no JavaScript.
  const plain = await browser.newContext({ javaScriptEnabled: false, ...(baseURL ? { baseURL } : {}) });
  const phone = await plain.newPage();
  await phone.goto(`/hbb-lead-status?id=${leadId}`);
  await expect(phone.getByText('Awaiting payment')).toBeVisible();
  await phone.getByText('Pay now', { exact: true }).click();
  const form = phone
    .locator('form')
    .filter({ hasText: 'To pay, enter the mobile number you used for this request.' });
  await form.getByLabel('Mobile number').fill('8021000004');
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(form.getByText('This number does not match the request.')).toBeVisible();
  await form.getByLabel('Mobile number').fill(customer.msisdn);
  await form.getByRole('button', { name: 'Continue to payment' }).click();

  // The payment page in sales-lead mode, from the server alone: the lead named, its email fixed.
  await expect(phone).toHaveURL(/\/payment\/start\?purchase=/);
  await expect(phone.getByRole('status').filter({ hasText: leadId })).toHaveText(
    `Congratulations! Service is available in your area! You are paying for your home-broadband request ${leadId}. The receipt goes to the email of the request.`,
  );
  const email = phone.getByLabel('Email');
  await expect(email).toHaveValue(customer.email);
  await expect(email).not.toBeEditable();
  await phone.getByRole('button', { name: 'PROCEED TO PAY' }).click();
  await expect(phone).toHaveURL(/\/sandbox\/paystack\/checkout\//);
  await phone.getByLabel('Card number').fill(SUCCESS_CARD);
  await phone.getByLabel('Expiry (MM/YY)').fill('12/30');
  await phone.getByLabel('CVV').fill('408');
  await phone.getByRole('button', { name: /^Pay / }).click();
  await expect(phone).toHaveURL(/\/payment\/status\?id=/);
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Thank you', { timeout: 30_000 });
  await expect.poll(async () => (await trackLead(request, leadId)).status).toBe('PAID');

  // Return leads to the request's own status.
  await phone.getByRole('link', { name: 'Return' }).click();
  await expect(phone).toHaveURL(new RegExp(`/hbb-lead-status\\?id=${leadId}$`));
  await expect(phone.getByText('Payment received')).toBeVisible();
  await plain.close();
});

test('the lead pages have no serious or critical accessibility violations', async ({ page }) => {
  const check = (where: string) => expectAccessible(page, where);
  await choosePlan(page);
  await expect(page.getByRole('form', { name: 'Your details' })).toBeVisible();
  await check('details form');
  await page.getByRole('form', { name: 'Your details' }).getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  await check('plan table');
  await page.goto('/hbb-lead-status');
  await settled(page);
  await expect(page.getByLabel('Request number')).toBeVisible();
  await check('lead status');
});
