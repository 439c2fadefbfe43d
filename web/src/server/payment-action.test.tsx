import { describe, expect, it } from 'vitest';
import { createStaticHandler } from 'react-router';
import { renderServerPage } from '@/testing/server-page';
import type { PaymentOption } from '@portal/contract/api/payments';
import { PATHS } from '@portal/contract/paths';
import { PURCHASE_PARAM } from '@portal/contract/render';
import { AirtimePanel } from '@/features/payment/components/airtime-panel';
import { CardPanel } from '@/features/payment/components/card-panel';
import { MobileMoneyPanel } from '@/features/payment/components/mobile-money-panel';
import { addCatalogue, createI18n } from '@/lib/i18n';
import { pages } from '@/testing/catalogues';
import { PREPAID_PURCHASE } from '@/testing/fixtures';
import { contentAndConfig, failure } from '@/testing/journeys';
import { createTestQueryClient, mockFetch, ok, type JsonRoute } from '@/testing/test-utils';
import { actionContext } from './form';
import { paymentAction } from './payment-action';

/**
 * The mobile-money form without JavaScript (spec §4 "Mobile money"): the server's form handler checks the
 * wallet number as the live panel does, and the page it answers says why in the page's language.
 */
const PUSH: PaymentOption = { name: 'Mobile Money', type: 'AM', ampush: true };
const AIRTIME: PaymentOption = { name: 'Airtime', type: 'AIRTIME' };
const ATTEMPT = '0b6c6c1e-3f0e-4c1a-9d1e-8f1f6e0c2a11';
const PAGE = `/pcm/payment/start/naija-money?${PURCHASE_PARAM}=SEALED`;
const CONFIG = {
  brandName: 'Naija Mobile',
  languages: [
    { code: 'EN', label: 'EN', prefix: '' },
    { code: 'PCM', label: 'Naijá', prefix: '/pcm' },
  ],
};

/** The page's texts in Pidgin, in an instance of this test's own (the shared one stays English). */
function pidgin() {
  const instance = createI18n('pcm');
  for (const page of ['translation', 'payment-translation', 'recharge-translation'])
    addCatalogue('pcm', (pages.pcm?.[page] ?? {}) as Record<string, string>, instance);
  return instance;
}

/** Sends the mobile-money form with `payer`, the API answering `answers`. */
const sendPlainForm = (payer: string, answers: Record<string, JsonRoute>) =>
  sendPanelForm(
    <MobileMoneyPanel context={PREPAID_PURCHASE} option={PUSH} attempt={ATTEMPT} />,
    { intent: 'push', mode: 'NAIJA_MONEY_PUSH', attempt: ATTEMPT, payer },
    answers,
  );

/**
 * Sends a payment panel's plain form with `fields` as the server does (its form handler, then its render of
 * the page), with the API answering `answers`.
 */
async function sendPanelForm(
  panel: React.ReactElement,
  fields: Record<string, string>,
  answers: Record<string, JsonRoute>,
) {
  const calls = mockFetch({
    ...contentAndConfig(CONFIG),
    [PATHS.paymentOptions]: () => ok({ paymentOption: [PUSH, AIRTIME] }),
    [PATHS.initiate]: () => ok({ transactionId: 'TXP' }),
    [PATHS.process]: () => ok({ transactionId: 'TXP', reference: 'TXP' }),
    ...answers,
  });
  const queryClient = createTestQueryClient();
  const server = { sealPurchase: () => 'SEALED', openPurchase: () => PREPAID_PURCHASE };
  const handler = createStaticHandler([
    {
      id: 'payment-start',
      path: '/pcm/payment/start/:method?',
      action: async ({ request }) => paymentAction(await actionContext(request, queryClient, server)),
      element: panel,
    },
  ]);
  const form = new URLSearchParams(fields);
  const request = new Request(`http://localhost${PAGE}`, { method: 'POST', body: form });
  const context = await handler.query(request);
  if (context instanceof Response) return { calls, redirect: context, html: '', status: context.status };
  const html = renderServerPage({ handler, context, i18n: pidgin(), queryClient });
  return { calls, html, status: context.statusCode, redirect: undefined };
}

const callsTo = (calls: ReturnType<typeof mockFetch>, path: string) =>
  calls.filter((call) => call.url.pathname === path);

describe('mobile money without JavaScript: the wallet number', () => {
  it('not an operator number: refused in the page’s language, as the live panel says it, and no wallet asked', async () => {
    const { calls, html, status } = await sendPlainForm('8031234567', {
      [PATHS.validateMsisdn]: () => failure('INVALID_MSISDN', 'Dis phone number no correct'),
    });
    expect(status).toBe(400);
    const checks = callsTo(calls, PATHS.validateMsisdn);
    expect(checks).toHaveLength(1);
    expect(JSON.parse(String(checks[0]!.init?.body))).toMatchObject({
      msisdn: '8031234567',
      requestType: 'MOBILE_MONEY',
    });
    expect(html).toContain('Abeg put correct Naija Mobile number');
    expect(html).toContain('value="8031234567"');
    expect(callsTo(calls, PATHS.initiate)).toHaveLength(0);
    expect(callsTo(calls, PATHS.process)).toHaveLength(0);
  });

  it('a check that got no answer says so in the page’s language and starts nothing', async () => {
    const { calls, html, status } = await sendPlainForm('8021000001', {
      [PATHS.validateMsisdn]: () => failure('503', 'Something don spoil!', 503),
    });
    expect(status).toBe(400);
    expect(html).toContain(String(pages.pcm?.['translation']?.['validation.lineUnchecked']));
    expect(callsTo(calls, PATHS.initiate)).toHaveLength(0);
  });

  it('a start that got no answer says "Something Went Wrong!" in the page’s language', async () => {
    const { html, status } = await sendPlainForm('8021000001', {
      [PATHS.validateMsisdn]: () => ok('PREPAID'),
      [PATHS.initiate]: () => new Response('<html>bad gateway</html>', { status: 502 }),
    });
    expect(status).toBe(400);
    expect(html).toContain(String(pages.pcm?.['translation']?.['common.somethingWentWrong']));
    expect(html).not.toContain('Something Went Wrong!');
  });

  it('an operator number is checked, then the prompt starts and the status page follows', async () => {
    const { calls, redirect } = await sendPlainForm('8021000001', {
      [PATHS.validateMsisdn]: () => ok('PREPAID'),
    });
    expect(redirect?.status).toBe(303);
    expect(redirect?.headers.get('location')).toBe('/pcm/payment/status?id=TXP');
    expect(callsTo(calls, PATHS.initiate)).toHaveLength(1);
    expect(callsTo(calls, PATHS.process)).toHaveLength(1);
  });
});

describe('airtime without JavaScript: the code sent to the payer', () => {
  const sendAirtimeForm = (answers: Record<string, JsonRoute>) =>
    sendPanelForm(
      <AirtimePanel context={PREPAID_PURCHASE} attempt={ATTEMPT} />,
      { intent: 'airtime', ask: 'send', attempt: ATTEMPT, payer: '8021000009', email: 'ada@example.com' },
      answers,
    );

  it('refused at the daily limit: the limit and about how long until a new code, in the page’s language', async () => {
    const { html, status } = await sendAirtimeForm({
      [PATHS.sendOtp]: () => failure('502', 'max limit exhausted', 400, { retryAfterSeconds: 2501 }),
    });
    const texts = pages.pcm?.['recharge-translation'] ?? {};
    expect(status).toBe(400);
    expect(html).toContain(String(texts['otp.maxLimit']));
    expect(html).toContain(String(texts['otp.askAgainIn']).replace('{{minutes}}', '42'));
    // The wait is the answer's alone: no form sends it back.
    expect(html).not.toMatch(/name="limitWaitMinutes"/);
  });

  it('refused for another reason: the server’s message, and no wait', async () => {
    const { html } = await sendAirtimeForm({
      [PATHS.sendOtp]: () => failure('4001', 'Dis number no fit get code'),
    });
    expect(html).toContain('Dis number no fit get code');
    expect(html).not.toContain(String(pages.pcm?.['recharge-translation']?.['otp.askAgainIn']).slice(0, 12));
  });
});

describe('"buy again?" without JavaScript', () => {
  const CARD: PaymentOption = { name: 'Debit/Credit Card', type: 'PG', paymentGateway: 'paystack' };
  const cardForm = { intent: 'card', attempt: ATTEMPT, email: 'ada@example.com', paymentGateway: 'paystack' };
  const sendCardForm = (fields: Record<string, string>) =>
    sendPanelForm(<CardPanel context={PREPAID_PURCHASE} gateways={[CARD]} attempt={ATTEMPT} />, fields, {
      [PATHS.paymentOptions]: () => ok({ paymentOption: [CARD] }),
      [PATHS.initiate]: () =>
        failure('DUPLICATE_PURCHASE', 'Same purchase', 409, {
          earlier: { reference: '…ABC123', createdAt: '2026-12-07T10:00:00Z', windowMinutes: 10 },
        }),
    });

  it('asks with Cancel as the form’s first button, so that Enter in a field does not pay again', async () => {
    const { html, calls } = await sendCardForm(cardForm);
    expect(callsTo(calls, PATHS.process)).toHaveLength(0);
    const form = new DOMParser().parseFromString(html, 'text/html').querySelector('form.card-panel')!;
    const buttons = [...form.querySelectorAll('button[type="submit"]')];
    expect(buttons[0]?.getAttribute('name')).toBe('buyAgain');
    expect(buttons[0]?.getAttribute('value')).toBe('no');
    expect(buttons.at(-1)?.textContent).toBe(pages.pcm?.['payment-translation']?.['payment.buyAgain.yes']);
  });

  it('Cancel gives the payment page back and starts nothing, whatever else the form sent', async () => {
    const { redirect, calls } = await sendCardForm({ ...cardForm, confirmDuplicate: 'yes', buyAgain: 'no' });
    expect(redirect?.status).toBe(303);
    expect(redirect?.headers.get('location')).toMatch(/^\/pcm\/payment\/start\/[a-z-]+\?purchase=/);
    expect(callsTo(calls, PATHS.initiate)).toHaveLength(0);
  });
});
