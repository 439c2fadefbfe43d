import { describe, expect, it } from 'vitest';
import { createStaticHandler } from 'react-router';
import { renderServerPage } from '@/testing/server-page';
import type { BalanceEntry } from '@portal/contract/api/bills';
import { PATHS } from '@portal/contract/paths';
import { exampleBundle } from '@portal/contract/testing/examples';
import { BroadbandPage } from '@/features/broadband/components/broadband-page';
import { expiryText } from '@/features/broadband/utils/balance-format';
import { BALANCE_INTENTS, type BalanceSeal } from '@/features/broadband/utils/plain-balance';
import { addCatalogue, createI18n } from '@/lib/i18n';
import { JOURNEY_CATALOGUE } from '@/lib/use-page-catalogue';
import { pages } from '@/testing/catalogues';
import { bodyOf, contentAndConfig, failure } from '@/testing/journeys';
import { createTestQueryClient, mockFetch, ok, type JsonRoute } from '@/testing/test-utils';
import { actionContext } from './form';
import { broadbandRechargeAction } from './broadband-balance-action';

/**
 * 'Fetch your Data Balance' without JavaScript (spec §2 "Broadband recharge"): the number checked as a broadband
 * line, the code sent to the device, a form for the code, then the balances in the page, in the page's language;
 * a refused code said in place with what to do. Rendered as the server answers the plain forms, in Swahili.
 */
const CONFIG = {
  languages: [
    { code: 'EN', label: 'EN', prefix: '' },
    { code: 'SW', label: 'Kiswahili', prefix: '/sw' },
  ],
};
const sw = (key: string) => String(pages.sw?.[JOURNEY_CATALOGUE]?.[key]);
const MIFI = '9021000005';
const CODE = '246810';
const BALANCES: BalanceEntry[] = [
  {
    serviceType: 'DATA',
    balanceDescription: 'MiFi Monthly 10GB',
    balanceType: 'BUNDLE',
    balance: 10,
    unitType: 'GB',
    expireTime: '2026-12-12T10:00:00.000Z',
  },
  {
    serviceType: 'DATA',
    balanceDescription: 'Night Unlimited',
    balanceType: 'UNLIMITED',
    balance: null,
    unitType: '',
    expireTime: null,
  },
];
const BUNDLES = [
  exampleBundle({ name: 'MiFi Monthly 10GB', productCode: 'MIFI_MONTHLY_10GB', amount: 4500 }),
];

function swahili() {
  const instance = createI18n('sw');
  addCatalogue('sw', (pages.sw?.['translation'] ?? {}) as Record<string, string>, instance);
  addCatalogue(
    'sw',
    (pages.sw?.[JOURNEY_CATALOGUE] ?? {}) as Record<string, string>,
    instance,
    JOURNEY_CATALOGUE,
  );
  return instance;
}

/** A stand-in for the server's seal: readable here, refused when altered. */
const server = {
  sealPurchase: (value: unknown) => `SEALED.${Buffer.from(JSON.stringify(value)).toString('base64url')}`,
  openPurchase: (token: string) => {
    if (!token.startsWith('SEALED.')) return undefined;
    return JSON.parse(Buffer.from(token.slice(7), 'base64url').toString()) as unknown;
  },
};
const sealed = (overrides: Partial<BalanceSeal> = {}) =>
  server.sealPurchase({
    kind: 'broadband-balance',
    msisdn: MIFI,
    txnRefId: 'OTPBB',
    recipient: '902****005',
    resendAt: 0,
    ...overrides,
  } satisfies BalanceSeal);

/** Sends a plain form of /sw/broadband-recharge as the server does (its handler, then its render). */
async function send(fields: Record<string, string>, answers: Record<string, JsonRoute> = {}) {
  const calls = mockFetch({
    ...contentAndConfig(CONFIG),
    [PATHS.validateMsisdn]: (_url, init) =>
      bodyOf(init).msisdn === MIFI ? ok('PREPAID') : failure('INVALID_MSISDN', 'Invalid Mobile No'),
    [PATHS.queryBalance]: (_url, init) =>
      bodyOf(init).uniqueCode === 'OTPBB.mac'
        ? ok({ queryBalanceResult: BALANCES })
        : ok({ otpRecipient: '902****005', txnRefId: 'OTPBB', resendAfterSeconds: 60 }),
    [PATHS.verifyOtp]: (_url, init) =>
      bodyOf(init).otp === CODE
        ? ok({ otpId: 'OTPBB', uniqueCode: 'OTPBB.mac' })
        : failure('2003', 'Please enter correct OTP', 400, { attemptsLeft: 3 }),
    [PATHS.resendOtp]: () =>
      ok({
        otpId: 'OTPBB',
        refId: 'OTPBB',
        otpRecipient: '902****005',
        resendAfterSeconds: 60,
        expiresInSeconds: 300,
      }),
    [PATHS.bundles]: () => ok(BUNDLES),
    ...answers,
  });
  const queryClient = createTestQueryClient();
  const handler = createStaticHandler([
    {
      id: 'broadband-recharge',
      path: '/sw/broadband-recharge',
      action: async ({ request }) =>
        broadbandRechargeAction(await actionContext(request, queryClient, server)),
      element: <BroadbandPage />,
    },
  ]);
  const request = new Request('http://localhost/sw/broadband-recharge', {
    method: 'POST',
    body: new URLSearchParams(fields),
  });
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`answered ${context.status}, not the page`);
  const html = renderServerPage({ handler, context, i18n: swahili(), queryClient }).replaceAll('&#x27;', "'");
  const page = document.createElement('div');
  page.innerHTML = html;
  const called = (path: string) => calls.filter((call) => call.url.pathname === path);
  return { html, page, called, status: context.statusCode };
}

const numberForm = (page: HTMLElement) =>
  page.querySelector<HTMLFormElement>('form:has(input[name="msisdn"]:not([type="hidden"]))')!;
const codeForm = (page: HTMLElement) => page.querySelector<HTMLFormElement>('form:has(input[name="code"])');
/** The button Enter presses in a plain form: its first submit button. */
const enterPresses = (form: HTMLFormElement) =>
  form.querySelector<HTMLButtonElement>('button[type="submit"]');

const showBalance = (code: string, seal = sealed()) => ({
  intent: BALANCE_INTENTS.code,
  msisdn: MIFI,
  balanceRequest: seal,
  code,
});

describe('the broadband number form without JavaScript', () => {
  it("has a 'Fetch your Data Balance' button, while Enter in the number still shows the plans", async () => {
    const { page, called } = await send({ msisdn: MIFI });
    const form = numberForm(page);
    const buttons = [...form.querySelectorAll<HTMLButtonElement>('.nojs-only button[type="submit"]')];
    expect(buttons.map((button) => button.textContent)).toEqual([
      sw('dataBundle.showBundles'),
      sw('broadband.fetchBalance'),
    ]);
    expect(enterPresses(form)?.textContent).toBe(sw('dataBundle.showBundles'));
    expect(enterPresses(form)?.name).toBe('');
    expect(buttons[1]?.name).toBe('intent');
    expect(buttons[1]?.value).toBe(BALANCE_INTENTS.send);
    // No intent: the plans, as before; no code was sent.
    expect(page.textContent).toContain('MiFi Monthly 10GB');
    expect(called(PATHS.queryBalance)).toHaveLength(0);
  });
});

describe("'Fetch your Data Balance' without JavaScript", () => {
  it('checks the number as a broadband line, sends the code to the device, then asks for it', async () => {
    const { page, called, status } = await send({ msisdn: MIFI, intent: BALANCE_INTENTS.send });
    expect(status).toBe(200);
    expect(called(PATHS.validateMsisdn)).toHaveLength(1);
    expect(bodyOf(called(PATHS.validateMsisdn)[0]?.init)).toMatchObject({ checkIfBroadband: true });
    expect(called(PATHS.queryBalance).map((call) => bodyOf(call.init))).toEqual([
      { msisdn: MIFI, requestType: 'BROADBAND' },
    ]);
    const form = codeForm(page)!;
    expect(form).not.toBeNull();
    expect(form.textContent).toContain(sw('broadband.otpTitle'));
    expect(form.textContent).toContain(sw('otp.sentTo').replace('{{recipient}}', '902****005'));
    expect(form.querySelector('input[name="code"]')?.getAttribute('autocomplete')).toBe('one-time-code');
    // Enter in the code shows the balance; a new code is the second button.
    expect(enterPresses(form)?.textContent).toBe(sw('broadband.showBalance'));
    expect(enterPresses(form)?.value).toBe(BALANCE_INTENTS.code);
    const resend = form.querySelectorAll<HTMLButtonElement>('button[type="submit"]')[1];
    expect(resend?.textContent).toBe(sw('otp.resend'));
    expect(resend?.value).toBe(BALANCE_INTENTS.resend);
    // The request travels sealed; the number's form stays above, its Enter still the plans.
    expect(form.querySelector<HTMLInputElement>('input[name="balanceRequest"]')?.value).toMatch(/^SEALED\./);
    expect(enterPresses(numberForm(page))?.textContent).toBe(sw('dataBundle.showBundles'));
    expect(page.textContent).not.toContain(sw('bundleList.loading'));
  });

  it('a number that is not a broadband line is refused before any code is sent', async () => {
    const { page, called, status } = await send({ msisdn: '8021000001', intent: BALANCE_INTENTS.send });
    expect(status).toBe(400);
    expect(page.querySelector('.field__error')?.textContent).toBe(
      String(pages.sw?.['translation']?.['validation.invalidMobile']),
    );
    expect(called(PATHS.queryBalance)).toHaveLength(0);
    expect(codeForm(page)).toBeNull();
  });

  it('at the daily limit of codes: the limit and about how long to wait, in the page’s language', async () => {
    const { page, status } = await send(
      { msisdn: MIFI, intent: BALANCE_INTENTS.send },
      {
        [PATHS.queryBalance]: () => failure('502', 'max limit exhausted', 400, { retryAfterSeconds: 1500 }),
      },
    );
    expect(status).toBe(400);
    expect(page.querySelector('[role="alert"]')?.textContent).toBe(sw('otp.maxLimit'));
    expect(page.textContent).toContain(sw('otp.askAgainIn').replace('{{minutes}}', '25'));
    expect(codeForm(page)).toBeNull();
    // The plans still follow the accepted number, never a loader without end.
    expect(page.textContent).toContain('MiFi Monthly 10GB');
    expect(page.textContent).not.toContain(sw('bundleList.loading'));
  });
});

describe('the code step without JavaScript', () => {
  it('the right code: the balances in the page (the popup’s rows), as a status, then the plans', async () => {
    const { page, called, status } = await send(showBalance(CODE));
    expect(status).toBe(200);
    expect(called(PATHS.verifyOtp).map((call) => bodyOf(call.init))).toEqual([{ otpId: 'OTPBB', otp: CODE }]);
    expect(called(PATHS.queryBalance).map((call) => bodyOf(call.init))).toEqual([
      { msisdn: MIFI, uniqueCode: 'OTPBB.mac', requestType: 'BROADBAND' },
    ]);
    const shown = page.querySelector('section[role="status"]')!;
    expect(shown.textContent).toContain(sw('broadband.balanceTitle'));
    const rows = [...shown.querySelectorAll('tbody tr')].map((row) =>
      [...row.children].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['MiFi Monthly 10GB', '10 GB', expiryText('2026-12-12T10:00:00.000Z', 'sw')],
      ['Night Unlimited', '-', sw('broadband.neverExpires')],
    ]);
    expect(codeForm(page)).toBeNull();
    expect(page.textContent).toContain(sw('bundleList.title'));
    expect(page.textContent).not.toContain(sw('bundleList.loading'));
  });

  it('no active bundle says so', async () => {
    const { page } = await send(showBalance(CODE), {
      [PATHS.queryBalance]: () => ok({ queryBalanceResult: [] }),
    });
    expect(page.querySelector('section[role="status"]')?.textContent).toContain(sw('broadband.noBalance'));
  });

  it('a wrong code says so, with the attempts the server counted, and asks again', async () => {
    const { page, status, called } = await send(showBalance('111111'));
    expect(status).toBe(400);
    const form = codeForm(page)!;
    expect(form.querySelector('.field__error')?.textContent).toBe(sw('otp.wrong'));
    expect(form.textContent).toContain(`${sw('otp.attemptsLeft')}: 3`);
    expect(form.textContent).not.toContain(sw('broadband.newCodeHint'));
    expect(called(PATHS.queryBalance)).toHaveLength(0);
  });

  it('a code that is not six digits is refused without spending an attempt', async () => {
    const { page, called } = await send(showBalance('12a'));
    expect(codeForm(page)?.querySelector('.field__error')?.textContent).toBe(sw('otp.wrong'));
    expect(called(PATHS.verifyOtp)).toHaveLength(0);
  });

  it('attempts exhausted: says so and what to do (a new code)', async () => {
    const { page } = await send(showBalance('111111'), {
      [PATHS.verifyOtp]: () => failure('2002', 'Maximum attempts exhausted.', 400, { attemptsLeft: 0 }),
    });
    const form = codeForm(page)!;
    expect(form.querySelector('.field__error')?.textContent).toBe(sw('otp.exhausted'));
    expect(form.textContent).toContain(sw('broadband.newCodeHint'));
  });

  it('an expired code: the server’s message and what to do', async () => {
    const { page } = await send(showBalance(CODE), {
      [PATHS.verifyOtp]: () => failure('2004', 'OTP expired, please request a new one.'),
    });
    const form = codeForm(page)!;
    expect(form.querySelector('.field__error')?.textContent).toBe('OTP expired, please request a new one.');
    expect(form.textContent).toContain(sw('broadband.newCodeHint'));
  });

  it('an altered request is refused: the number’s form again, nothing verified', async () => {
    const { page, called, status } = await send(showBalance(CODE, 'FORGED'));
    expect(status).toBe(400);
    expect(called(PATHS.verifyOtp)).toHaveLength(0);
    expect(codeForm(page)).toBeNull();
    expect(page.querySelector('[role="alert"]')?.textContent).toBe(
      String(pages.sw?.['translation']?.['common.somethingWentWrong']),
    );
  });

  it('the balance is read for the sealed number, not a number typed into the form', async () => {
    const { called } = await send({ ...showBalance(CODE), msisdn: '9021000099' });
    expect(bodyOf(called(PATHS.queryBalance)[0]?.init)).toMatchObject({ msisdn: MIFI });
  });
});

describe('a new code without JavaScript', () => {
  it('asked for too early: the seconds left, and no code sent', async () => {
    const { page, called } = await send({
      intent: BALANCE_INTENTS.resend,
      msisdn: MIFI,
      balanceRequest: sealed({ resendAt: Date.now() + 42_000 }),
    });
    expect(called(PATHS.resendOtp)).toHaveLength(0);
    expect(codeForm(page)?.textContent).toMatch(
      new RegExp(sw('otp.resendIn').replace('{{seconds}}', '4[12]')),
    );
  });

  it('sent again: says so, the code step carries on', async () => {
    const { page, called } = await send({
      intent: BALANCE_INTENTS.resend,
      msisdn: MIFI,
      balanceRequest: sealed(),
    });
    expect(called(PATHS.resendOtp).map((call) => bodyOf(call.init))).toEqual([{ otpId: 'OTPBB' }]);
    expect(codeForm(page)?.textContent).toContain(sw('broadband.codeResent'));
  });

  it('at the daily limit: the limit and about how long to wait, at the code step', async () => {
    const { page } = await send(
      { intent: BALANCE_INTENTS.resend, msisdn: MIFI, balanceRequest: sealed() },
      { [PATHS.resendOtp]: () => failure('502', 'max limit exhausted', 400, { retryAfterSeconds: 600 }) },
    );
    const form = codeForm(page)!;
    expect(form.querySelector('.field__error')?.textContent).toBe(sw('otp.maxLimit'));
    const wait = sw('otp.askAgainIn').replace('{{minutes}}', '10');
    expect(form.textContent).toContain(wait);
    // Said once, at the code step, not under the number too.
    expect(page.textContent?.split(wait)).toHaveLength(2);
  });

  it('the request gone (its code used or too old): the number’s form, to fetch the balance again', async () => {
    const { page } = await send(
      { intent: BALANCE_INTENTS.resend, msisdn: MIFI, balanceRequest: sealed() },
      { [PATHS.resendOtp]: () => failure('2004', 'OTP expired, please request a new one.') },
    );
    expect(codeForm(page)).toBeNull();
    expect(page.querySelector('[role="alert"]')?.textContent).toBe('OTP expired, please request a new one.');
    expect(enterPresses(numberForm(page))?.textContent).toBe(sw('dataBundle.showBundles'));
  });
});
