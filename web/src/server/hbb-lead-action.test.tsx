import { describe, expect, it } from 'vitest';
import { createStaticHandler } from 'react-router';
import { renderServerPage } from '@/testing/server-page';
import type { HbbOffer } from '@portal/contract/api/leads';
import { PATHS } from '@portal/contract/paths';
import { data } from '@/app/routes/hbb-lead';
import { HBB_CATALOGUE, HbbLeadPage } from '@/features/hbb-lead/components/hbb-lead-page';
import { HOME_STARTER_PLAN } from '@/features/hbb-lead/testing/offer';
import { addCatalogue, createI18n } from '@/lib/i18n';
import { JOURNEY_CATALOGUE } from '@/lib/use-page-catalogue';
import { pages } from '@/testing/catalogues';
import { PREPAID_PURCHASE } from '@/testing/fixtures';
import { contentAndConfig, failure } from '@/testing/journeys';
import { createTestQueryClient, mockFetch, ok, type JsonRoute } from '@/testing/test-utils';
import { actionContext } from './form';
import { hbbLeadAction } from './hbb-lead-action';

/**
 * The home-broadband details form without JavaScript (spec §5 "Dynamic form fields"): a required checkbox
 * left unticked is exempt from '{label} is required' (its label is the whole consent sentence); the page the
 * server answers says to tick it, in the page's language.
 */
const CONFIG = {
  languages: [
    { code: 'EN', label: 'EN', prefix: '' },
    { code: 'IG', label: 'Igbo', prefix: '/ig' },
  ],
};
const OFFER: HbbOffer = {
  device: { id: 'router-4g', name: '4G Home Router', image: 'router-4g', features: [] },
  plans: [HOME_STARTER_PLAN],
  connectionFee: 20000,
  currency: 'NGN',
};
const ig = (page: string, key: string) => String(pages.ig?.[page]?.[key]);

function igbo() {
  const instance = createI18n('ig');
  addCatalogue('ig', (pages.ig?.['translation'] ?? {}) as Record<string, string>, instance);
  for (const page of [HBB_CATALOGUE, JOURNEY_CATALOGUE])
    addCatalogue('ig', (pages.ig?.[page] ?? {}) as Record<string, string>, instance, page);
  return instance;
}

/** Sends the details form as the server does (its form handler and the page's data, then its render). */
const sendDetails = (fields: Record<string, string>) => sendStep({ intent: 'details', ...fields });

/** Sends a plain form of the request with `fields` (its intent among them), the API answering `answers`. */
async function sendStep(fields: Record<string, string>, answers: Record<string, JsonRoute> = {}) {
  const calls = mockFetch({
    ...contentAndConfig(CONFIG),
    [PATHS.hbbOffer]: () => ok(OFFER),
    [PATHS.cityList]: () => ok({ data: [{ cityName: 'Ikeja', hbbLeadFeasibility: true }] }),
    ...answers,
  });
  const queryClient = createTestQueryClient();
  const server = { sealPurchase: () => 'SEALED', openPurchase: () => PREPAID_PURCHASE };
  const handler = createStaticHandler([
    {
      id: 'hbb-lead',
      path: '/ig/hbb-lead',
      loader: async ({ request }) => {
        await data.prefetch?.({ queryClient, lang: 'ig', url: new URL(request.url), params: {} });
        return null;
      },
      action: async ({ request }) => hbbLeadAction(await actionContext(request, queryClient, server)),
      element: <HbbLeadPage />,
    },
  ]);
  const request = new Request('http://localhost/ig/hbb-lead', {
    method: 'POST',
    body: new URLSearchParams({ plan: HOME_STARTER_PLAN.code, ...fields }),
  });
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`answered ${context.status}, not the page`);
  const html = renderServerPage({ handler, context, i18n: igbo(), queryClient });
  // The texts as written (the render escapes the apostrophes of Igbo's n'ihu).
  return { calls, html: html.replaceAll('&#x27;', "'"), status: context.statusCode };
}

const DETAILS = {
  fullName: 'Ada Obi',
  contactNumber: '8021000001',
  email: 'ada@example.com',
  installationAddress: '12 Allen Avenue',
  town: 'Ikeja',
};

describe('home-broadband details without JavaScript: the consent left unticked', () => {
  it('says to tick the box, in the page’s language, not that the consent sentence is required', async () => {
    const { html, status, calls } = await sendDetails(DETAILS);
    expect(status).toBe(400);
    const consent = (pages.ig?.['get-form-schema']?.['fields'] as { name: string; label: string }[]).find(
      (field) => field.name === 'consent',
    )!;
    const required = ig(HBB_CATALOGUE, 'dynamicForm.required').replace('{{label}}', consent.label);
    expect(html).toContain(
      `class="field__error" role="alert">${ig(HBB_CATALOGUE, 'dynamicForm.unchecked')}</p>`,
    );
    expect(html).not.toContain(required);
    // Refused before anything is stored.
    expect(calls.some((call) => call.url.pathname === PATHS.formSave)).toBe(false);
  });

  it("names every refusal at once: a field's rule and a number the network refuses", async () => {
    const { html, status, calls } = await sendStep(
      { intent: 'details', ...DETAILS },
      { [PATHS.validateMsisdn]: () => failure('INVALID_MSISDN', 'Nọmba a ezighi ezi') },
    );
    expect(status).toBe(400);
    expect(html).toContain(
      `class="field__error" role="alert">${ig(HBB_CATALOGUE, 'dynamicForm.unchecked')}</p>`,
    );
    expect(calls.some((call) => call.url.pathname === PATHS.validateMsisdn)).toBe(true);
    expect(html).toContain(String(pages.ig?.['translation']?.['validation.invalidMobile']));
    expect(calls.some((call) => call.url.pathname === PATHS.formSave)).toBe(false);
  });

  it('another required field empty still says that field is required', async () => {
    const { html } = await sendDetails({ ...DETAILS, fullName: '', consent: 'true' });
    const fullName = (pages.ig?.['get-form-schema']?.['fields'] as { name: string; label: string }[]).find(
      (field) => field.name === 'fullName',
    )!;
    expect(html).toContain(ig(HBB_CATALOGUE, 'dynamicForm.required').replace('{{label}}', fullName.label));
    expect(html).not.toContain(ig(HBB_CATALOGUE, 'dynamicForm.unchecked'));
  });
});

describe('home-broadband without JavaScript: the code at the daily limit', () => {
  it('the place confirmed but no code sent: the limit and about how long, in the page’s language', async () => {
    const place = { lat: '6.6018', lng: '3.3515', source: 'manual', place: 'Ikeja' };
    const { html, status } = await sendStep(
      { intent: 'confirm', ...DETAILS, consent: 'true', ...place },
      { [PATHS.sendOtp]: () => failure('502', 'max limit exhausted', 400, { retryAfterSeconds: 600 }) },
    );
    expect(status).toBe(400);
    expect(html).toContain(ig(JOURNEY_CATALOGUE, 'otp.maxLimit'));
    expect(html).toContain(ig(JOURNEY_CATALOGUE, 'otp.askAgainIn').replace('{{minutes}}', '10'));
    // Still at the place, whose forms carry the request but not the wait.
    expect(html).toContain('name="lat" value="6.6018"');
    expect(html).not.toContain('name="limitWaitMinutes"');
  });
});
