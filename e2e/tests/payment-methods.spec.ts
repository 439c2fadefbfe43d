import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  codeFromInbox,
  expectNoSeriousAxeViolations,
  expectOutcome,
  pollPushUntilStatusPage,
  rechargeToPaymentPage,
  settled,
  statusPageId,
  typeCode,
} from './journeys-support';
import {
  API_HEADERS,
  cardCheckout,
  coreSubscriber,
  operationsFor,
  payOnCheckout,
  resetSandbox,
} from './sandbox';

/**
 * Every payment method of the payment page through the real UI and the sandbox (design §4): the card
 * gateway's inline popup, airtime with a one-time code, mobile money by push prompt and by PIN, SmartCash
 * and MPESA. Each success checks that the operator core changed exactly once.
 */
const PAYER = '8021000001';
const STATUS_PATH = '/orp/bfe/api/portal-service/transaction/v1/status';
const SUCCESS_CARD = '4084 0840 8408 4081';

type Prompt = { id: string; reference: string; amount: number };

test.beforeEach(async ({ request }) => {
  await resetSandbox(request);
});

/** Prepaid recharge of `msisdn` for `amount`, then the payment page with `method` chosen. */
async function rechargeWith(page: Page, msisdn: string, amount: number, method: string) {
  await rechargeToPaymentPage(page, msisdn, amount);
  await choose(page, method);
}

/** Postpaid bill of `msisdn` for `amount`, then the payment page with `method` chosen. */
async function payBillWith(page: Page, msisdn: string, amount: number, method: string) {
  await page.goto('/postpaid-bill-pay');
  await settled(page);
  await page.getByLabel('Mobile number').fill(msisdn);
  await page.getByLabel('Amount').fill(String(amount));
  const pay = page.getByRole('button', { name: 'MAKE A PAYMENT' });
  await expect(pay).toBeEnabled();
  await pay.click();
  await choose(page, method);
}

async function choose(page: Page, method: string) {
  await expect(page).toHaveURL(/\/payment\/start/);
  await page.getByRole('button', { name: method, exact: true }).click();
  await expect(page.getByRole('button', { name: method, exact: true })).toHaveAttribute(
    'aria-current',
    'true',
  );
}

/** The transaction's own id and its provider reference. */
async function transactionIds(request: APIRequestContext, id: string): Promise<string[]> {
  const response = await request.get(`${STATUS_PATH}?tid=${encodeURIComponent(id)}`, {
    headers: API_HEADERS,
  });
  expect(response.ok()).toBeTruthy();
  const { result } = (await response.json()) as {
    result: { transactionId: string; refTransactionId: string | null };
  };
  return [id, result.transactionId, result.refTransactionId].filter((v): v is string => Boolean(v));
}

/** Exactly one operation of `type` for this transaction on `msisdn`, and the airtime moved by `delta`. */
async function expectOneOperation(
  request: APIRequestContext,
  msisdn: string,
  type: string,
  id: string,
  before: number,
  delta: number,
) {
  const ids = await transactionIds(request, id);
  await expect
    .poll(async () => operationsFor(await coreSubscriber(request, msisdn), type, ids).length, {
      timeout: 30_000,
    })
    .toBe(1);
  const after = await coreSubscriber(request, msisdn);
  expect(after.airtimeBalance).toBeCloseTo(before + delta, 2);
  expect(operationsFor(after, type, ids)).toHaveLength(1);
}

/** The push prompt waiting on the payer's phone (the sandbox phone, design §4). */
async function pendingPrompt(request: APIRequestContext, msisdn: string): Promise<Prompt> {
  let prompt: Prompt | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/sandbox/phone/${msisdn}/prompts`);
        prompt = response.ok() ? ((await response.json()) as Prompt[])[0] : undefined;
        return prompt?.id;
      },
      { timeout: 15_000, message: `a prompt on the phone of ${msisdn}` },
    )
    .toBeTruthy();
  return prompt!;
}

async function answerPrompt(request: APIRequestContext, msisdn: string, action: 'approve' | 'decline') {
  const prompt = await pendingPrompt(request, msisdn);
  const response = await request.post(`/sandbox/phone/${msisdn}/prompts/${prompt.id}/${action}`, {
    data: action === 'approve' ? { pin: '1234' } : {},
  });
  expect(response.status(), `${action} -> ${response.status()}`).toBeLessThan(400);
}

async function typePin(page: Page, dialog: ReturnType<Page['getByRole']>, pin: string) {
  await dialog.getByLabel('PIN digit 1 of 4').click();
  await page.keyboard.type(pin);
  await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
}

test.describe('card popup', () => {
  test('pays in the inline popup and credits the airtime once', async ({ page, request }) => {
    const before = (await coreSubscriber(request, PAYER)).airtimeBalance;
    await rechargeWith(page, PAYER, 500, 'Debit/Credit Card');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByRole('button', { name: 'PROCEED TO PAY' }).click();
    // The popup opens over the payment page.
    await cardCheckout(page);
    await expect(page).toHaveURL(/\/payment\/start\/card$/);
    await payOnCheckout(page, SUCCESS_CARD);
    const id = await statusPageId(page, { timeout: 60_000 });
    await expectOutcome(page, 'Thank you', 'Successful.');
    await expectOneOperation(request, PAYER, 'AIRTIME_CREDIT', id, before, 500);
  });

  for (const how of ['its Cancel button', 'Escape'] as const) {
    test(`closing the popup with ${how} returns unsuccessful and credits nothing`, async ({
      page,
      request,
    }) => {
      const before = (await coreSubscriber(request, PAYER)).airtimeBalance;
      await rechargeWith(page, PAYER, 500, 'Debit/Credit Card');
      await page.getByLabel('Email').fill('ada@example.com');
      await page.getByRole('button', { name: 'PROCEED TO PAY' }).click();
      const checkout = await cardCheckout(page);
      if (how === 'Escape') {
        // Escape on the page under the popup (the popup's own script listens there): focus leaves the frame.
        await page.evaluate('document.activeElement && document.activeElement.blur()');
        await page.keyboard.press('Escape');
      } else {
        await checkout.getByRole('button', { name: 'Cancel' }).click();
      }
      const id = await statusPageId(page, { timeout: 60_000 });
      await expectOutcome(page, /^(?!Thank you$|In Processing$).+/, 'Unsuccessful.');
      const after = await coreSubscriber(request, PAYER);
      expect(after.airtimeBalance).toBeCloseTo(before, 2);
      expect(operationsFor(after, 'AIRTIME_CREDIT', await transactionIds(request, id))).toHaveLength(0);
    });
  }
});

test.describe('card redirect (DPO)', () => {
  for (const outcome of ['pays', 'cancels'] as const) {
    test(`the subscriber chooses DPO, leaves for its payment page and ${outcome}`, async ({
      page,
      request,
    }) => {
      const before = (await coreSubscriber(request, PAYER)).airtimeBalance;
      await rechargeWith(page, PAYER, 600, 'Debit/Credit Card');
      await page.getByRole('radio', { name: /DPO/ }).check();
      await page.getByLabel('Email').fill('ada@example.com');
      await page.getByRole('button', { name: 'PROCEED TO PAY' }).click();
      // The whole page goes to the gateway (no popup).
      await expect(page).toHaveURL(/\/sandbox\/dpo\/payv2\.php\?ID=/);
      if (outcome === 'pays') {
        await page.getByLabel('Card number').fill(SUCCESS_CARD);
        await page.getByLabel('Expiry (MM/YY)').fill('12/30');
        await page.getByLabel('CVV').fill('408');
        await page.getByRole('button', { name: /^Pay / }).click();
      } else {
        await page.getByRole('button', { name: 'Cancel' }).click();
      }
      const id = await statusPageId(page, { timeout: 60_000 });
      if (outcome === 'pays') {
        await expectOutcome(page, 'Thank you', 'Successful.');
        await expectOneOperation(request, PAYER, 'AIRTIME_CREDIT', id, before, 600);
      } else {
        await expectOutcome(page, /^(?!Thank you$|In Processing$).+/, 'Unsuccessful.');
        expect((await coreSubscriber(request, PAYER)).airtimeBalance).toBeCloseTo(before, 2);
      }
    });
  }
});

test.describe('airtime', () => {
  /** A hybrid line's NGN 1,000 bill, to be paid from `payer`'s airtime: the form filled, not yet sent. */
  async function airtimeForm(page: Page, payer: string) {
    await payBillWith(page, '8021000003', 1000, 'Airtime');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Mobile number').fill(payer);
  }

  // A hybrid line holds airtime, so its bill offers airtime (a pure postpaid line's does not: decision 0080).
  test("pays a hybrid line's bill from another number's airtime after a code and 'Are you sure?'", async ({
    page,
    request,
  }) => {
    const payerBefore = (await coreSubscriber(request, PAYER)).airtimeBalance;
    await airtimeForm(page, PAYER);
    const since = new Date();
    await page.getByRole('button', { name: 'PROCEED TO PAY' }).click();
    const otp = page.getByRole('dialog', { name: 'Confirm your number' });
    await expect(otp.getByText('802****001')).toBeVisible();
    await typeCode(page, await codeFromInbox(request, PAYER, since));

    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await expect(
      confirm.getByText('NGN 1,000 will be deducted from the airtime balance of +234 8021000001.'),
    ).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'dialog', "the 'Are you sure?' dialog");
    await confirm.getByRole('button', { name: 'Yes' }).click();

    const id = await statusPageId(page, { timeout: 60_000 });
    await expectOutcome(page, 'Thank you', 'Successful.');
    const ids = await transactionIds(request, id);
    await expect
      .poll(
        async () => operationsFor(await coreSubscriber(request, '8021000003'), 'BILL_PAYMENT', ids).length,
      )
      .toBe(1);
    const payer = await coreSubscriber(request, PAYER);
    expect(payer.airtimeBalance).toBeCloseTo(payerBefore - 1000, 2);
  });

  test("by keyboard: Tab goes past the code, Escape gives focus back, 'Are you sure?' starts on No", async ({
    page,
    request,
  }) => {
    const payerBefore = (await coreSubscriber(request, PAYER)).airtimeBalance;
    await airtimeForm(page, PAYER);
    const proceed = page.getByRole('button', { name: 'PROCEED TO PAY' });
    await proceed.focus();
    await page.keyboard.press('Enter');
    const otp = page.getByRole('dialog', { name: 'Confirm your number' });
    await expect(otp.getByLabel('Digit 1 of 6')).toBeFocused();
    // The empty boxes after the first are no Tab stops: Tab leaves the code for Resend, said to be unavailable
    // while it counts down, and stays in the dialog.
    await page.keyboard.press('Tab');
    const resend = otp.getByRole('button', { name: /Resend/ });
    await expect(resend).toBeFocused();
    await expect(resend).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Tab');
    await expect(otp.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(otp).toBeHidden();
    await expect(proceed).toBeFocused();

    const since = new Date();
    await page.keyboard.press('Enter');
    await expect(otp.getByLabel('Digit 1 of 6')).toBeFocused();
    await page.keyboard.type(await codeFromInbox(request, PAYER, since));
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    // An Enter pressed on arrival answers No: nothing is taken by accident.
    await expect(confirm.getByRole('button', { name: 'No' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(proceed).toBeFocused();
    expect((await coreSubscriber(request, PAYER)).airtimeBalance).toBeCloseTo(payerBefore, 2);
  });

  test('too little airtime: the insufficient-balance message and nothing paid', async ({ page, request }) => {
    const before = await coreSubscriber(request, '8021000004');
    await airtimeForm(page, '8021000004');
    const since = new Date();
    await page.getByRole('button', { name: 'PROCEED TO PAY' }).click();
    await expect(page.getByRole('dialog', { name: 'Confirm your number' })).toBeVisible();
    await typeCode(page, await codeFromInbox(request, '8021000004', since));
    await expect(page.getByText("Looks like you don't have sufficient balance.")).toBeVisible();
    await expect(page.getByText('Please recharge your airtime or use another payment method.')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/payment\/start\/airtime$/);
    const after = await coreSubscriber(request, '8021000004');
    expect(after.airtimeBalance).toBeCloseTo(before.airtimeBalance, 2);
    expect(after.operations).toHaveLength(before.operations.length);
  });
});

test.describe('mobile money', () => {
  for (const action of ['approve', 'decline'] as const) {
    test(`push prompt: the payer chooses ${action} on the phone`, async ({ page, request }) => {
      await page.clock.install();
      const before = (await coreSubscriber(request, PAYER)).airtimeBalance;
      await rechargeWith(page, PAYER, 200, 'Mobile Money');
      const proceed = page.getByRole('button', { name: 'PROCEED TO PAY' });
      await expect(proceed).toBeEnabled();
      await proceed.click();
      const overlay = page.getByRole('dialog', { name: 'Processing' });
      await expect(overlay).toBeVisible();
      await expect(overlay.getByText(/Approve it on your phone/)).toBeVisible();
      await answerPrompt(request, PAYER, action);
      await pollPushUntilStatusPage(page);

      const id = await statusPageId(page);
      if (action === 'approve') {
        await expectOutcome(page, 'Thank you', 'Successful.');
        await expectOneOperation(request, PAYER, 'AIRTIME_CREDIT', id, before, 200);
      } else {
        await expectOutcome(page, /^(?!Thank you$|In Processing$).+/, 'Unsuccessful.');
        const after = await coreSubscriber(request, PAYER);
        expect(after.airtimeBalance).toBeCloseTo(before, 2);
        expect(operationsFor(after, 'AIRTIME_CREDIT', await transactionIds(request, id))).toHaveLength(0);
      }
    });
  }

  test('the wallet number must be an operator number', async ({ page }) => {
    await rechargeWith(page, PAYER, 200, 'Mobile Money');
    await page.getByLabel('Mobile number').fill('8031234567');
    // The operator's name is the configured brand name.
    await expect(page.getByRole('alert')).toHaveText(/^Please enter valid .+ number$/);
    await expect(page.getByRole('button', { name: 'PROCEED TO PAY' })).toBeDisabled();
  });

  test('with PIN: a wrong PIN counts down, the right PIN pays', async ({ page, request }) => {
    expect((await request.patch('/sandbox/config', { data: { enableAmPin: true } })).ok()).toBeTruthy();
    const before = (await coreSubscriber(request, PAYER)).airtimeBalance;
    await rechargeWith(page, PAYER, 300, 'Mobile Money');
    const proceed = page.getByRole('button', { name: 'PROCEED TO PAY' });
    await expect(proceed).toBeEnabled();
    const since = new Date();
    await proceed.click();
    await expect(page.getByRole('dialog', { name: 'Confirm your number' })).toBeVisible();
    await typeCode(page, await codeFromInbox(request, PAYER, since));

    const dialog = page.getByRole('dialog', { name: 'Enter your Mobile Money PIN' });
    await expect(dialog).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'dialog', 'the PIN dialog');
    await typePin(page, dialog, '0000');
    await expect(dialog.getByText('Please enter correct PIN')).toBeVisible();
    await expect(dialog.getByText('ATTEMPTS LEFT: 4')).toBeVisible();
    await typePin(page, dialog, '1234');

    const id = await statusPageId(page, { timeout: 60_000 });
    await expectOutcome(page, 'Thank you', 'Successful.');
    await expectOneOperation(request, PAYER, 'AIRTIME_CREDIT', id, before, 300);
  });

  test('with PIN: a locked wallet shows the blocked text and how to unlock it', async ({ page, request }) => {
    expect((await request.patch('/sandbox/config', { data: { enableAmPin: true } })).ok()).toBeTruthy();
    const before = await coreSubscriber(request, '8021000006');
    await rechargeWith(page, '8021000006', 300, 'Mobile Money');
    const proceed = page.getByRole('button', { name: 'PROCEED TO PAY' });
    await expect(proceed).toBeEnabled();
    const since = new Date();
    await proceed.click();
    await typeCode(page, await codeFromInbox(request, '8021000006', since));
    const dialog = page.getByRole('dialog', { name: 'Enter your Mobile Money PIN' });
    await typePin(page, dialog, '1234');
    await expect(
      dialog.getByText('Your Mobile Money wallet has been blocked due to too many incorrect PIN attempts.'),
    ).toBeVisible();
    await expect(dialog.getByText(/call customer care on 300 or dial \S+ to reset your PIN/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);
    const after = await coreSubscriber(request, '8021000006');
    expect(after.airtimeBalance).toBeCloseTo(before.airtimeBalance, 2);
    expect(after.operations).toHaveLength(before.operations.length);
  });
});

test('SmartCash: a wrong PIN, then the right PIN pays', async ({ page, request }) => {
  const before = (await coreSubscriber(request, PAYER)).airtimeBalance;
  await rechargeWith(page, PAYER, 400, 'SmartCash');
  await expect(page.getByLabel('Mobile number')).toHaveValue(PAYER);
  const since = new Date();
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm your number' })).toBeVisible();
  await typeCode(page, await codeFromInbox(request, PAYER, since));

  const dialog = page.getByRole('dialog', { name: 'Enter your Smart Cash PIN' });
  await expect(dialog).toBeVisible();
  await typePin(page, dialog, '9999');
  await expect(dialog.getByText('Please enter correct PIN')).toBeVisible();
  await expect(dialog.getByText('ATTEMPTS LEFT: 4')).toBeVisible();
  await typePin(page, dialog, '1234');

  const id = await statusPageId(page, { timeout: 60_000 });
  await expectOutcome(page, 'Thank you', 'Successful.');
  await expectOneOperation(request, PAYER, 'AIRTIME_CREDIT', id, before, 400);
});

test('MPESA: the prompt approved on the phone pays', async ({ page, request }) => {
  await page.clock.install();
  const before = (await coreSubscriber(request, PAYER)).airtimeBalance;
  await rechargeWith(page, PAYER, 250, 'MPESA');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByRole('button', { name: 'Continue to pay' }).click();
  await expect(page.getByRole('dialog', { name: 'Processing' })).toBeVisible();
  await answerPrompt(request, PAYER, 'approve');
  await pollPushUntilStatusPage(page);

  const id = await statusPageId(page);
  await expectOutcome(page, 'Thank you', 'Successful.');
  await expectOneOperation(request, PAYER, 'AIRTIME_CREDIT', id, before, 250);
});

test('SmartCash: five wrong PINs lock the wallet, with the unlock advice, and pay nothing', async ({
  page,
  request,
}) => {
  const before = await coreSubscriber(request, PAYER);
  await rechargeWith(page, PAYER, 300, 'SmartCash');
  const since = new Date();
  await page.getByRole('button', { name: 'Proceed' }).click();
  await typeCode(page, await codeFromInbox(request, PAYER, since));

  const dialog = page.getByRole('dialog', { name: 'Enter your Smart Cash PIN' });
  for (const left of [4, 3, 2, 1]) {
    await typePin(page, dialog, '9999');
    await expect(dialog.getByText(`ATTEMPTS LEFT: ${left}`)).toBeVisible();
  }
  await typePin(page, dialog, '9999');
  await expect(
    dialog.getByText('Your Smart Cash wallet has been blocked due to too many incorrect PIN attempts.'),
  ).toBeVisible();
  await expect(dialog.getByText(/call customer care on 300 or dial \S+ to reset your PIN/)).toBeVisible();
  const after = await coreSubscriber(request, PAYER);
  expect(after.airtimeBalance).toBeCloseTo(before.airtimeBalance, 2);
  expect(after.operations).toHaveLength(before.operations.length);
});

test('MPESA: unanswered, the page stops asking after paymentMaxTry polls and shows the status page', async ({
  page,
  request,
}) => {
  // Two polls instead of the default ten, each 10 s on the page's clock, which the test moves on.
  await page.clock.install();
  expect((await request.patch('/sandbox/config', { data: { paymentMaxTry: 2 } })).ok()).toBeTruthy();
  const before = (await coreSubscriber(request, PAYER)).airtimeBalance;
  await rechargeWith(page, PAYER, 250, 'MPESA');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByRole('button', { name: 'Continue to pay' }).click();
  await expect(page.getByRole('dialog', { name: 'Processing' })).toBeVisible();
  await pendingPrompt(request, PAYER);
  await pollPushUntilStatusPage(page);

  await expect(page).toHaveURL(/\/payment\/status\?id=/);
  await settled(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('In Processing');
  expect((await coreSubscriber(request, PAYER)).airtimeBalance).toBeCloseTo(before, 2);
});
