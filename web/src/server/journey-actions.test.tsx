import { describe, expect, it } from 'vitest';
import { createStaticHandler } from 'react-router';
import { renderServerPage } from '@/testing/server-page';
import { PATHS } from '@portal/contract/paths';
import { exampleBundle } from '@portal/contract/testing/examples';
import { PrepaidRechargePage } from '@/features/recharge/components/prepaid-recharge-page';
import { addCatalogue, createI18n } from '@/lib/i18n';
import { JOURNEY_CATALOGUE } from '@/lib/use-page-catalogue';
import { pages } from '@/testing/catalogues';
import { PREPAID_PURCHASE } from '@/testing/fixtures';
import { contentAndConfig, failure } from '@/testing/journeys';
import { createTestQueryClient, mockFetch, ok, type JsonRoute } from '@/testing/test-utils';
import { actionContext } from './form';
import { prepaidRechargeAction } from './journey-actions';

/**
 * The prepaid recharge form without JavaScript (spec §2, §4 "Recharge pages"): an amount refused for a number
 * the line check accepted answers the page with the amount's message and the number's bundle list, as the live
 * page shows them, never with a loader that nothing finishes in a browser without JavaScript.
 */
const CONFIG = {
  languages: [
    { code: 'EN', label: 'EN', prefix: '' },
    { code: 'HA', label: 'Hausa', prefix: '/ha' },
  ],
};
const BUNDLES = [exampleBundle({ name: 'Monthly 10GB', productCode: 'DATA_M_10GB', amount: 4500 })];
const ha = (page: string, key: string) => String(pages.ha?.[page]?.[key]);

function hausa() {
  const instance = createI18n('ha');
  addCatalogue('ha', (pages.ha?.['translation'] ?? {}) as Record<string, string>, instance);
  const journey = (pages.ha?.[JOURNEY_CATALOGUE] ?? {}) as Record<string, string>;
  addCatalogue('ha', journey, instance, JOURNEY_CATALOGUE);
  return instance;
}

/** Sends the plain form as the server does (its form handler, then its render of the page). */
async function sendPlainForm(fields: Record<string, string>, answers: Record<string, JsonRoute> = {}) {
  const calls = mockFetch({
    ...contentAndConfig(CONFIG),
    [PATHS.validateMsisdn]: () => ok('PREPAID'),
    [PATHS.bundles]: () => ok(BUNDLES),
    ...answers,
  });
  const queryClient = createTestQueryClient();
  const server = { sealPurchase: () => 'SEALED', openPurchase: () => PREPAID_PURCHASE };
  const handler = createStaticHandler([
    {
      id: 'prepaid-recharge',
      path: '/ha/prepaid-recharge',
      action: async ({ request }) => prepaidRechargeAction(await actionContext(request, queryClient, server)),
      element: <PrepaidRechargePage />,
    },
  ]);
  const request = new Request('http://localhost/ha/prepaid-recharge', {
    method: 'POST',
    body: new URLSearchParams(fields),
  });
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`answered ${context.status}, not the page`);
  const html = renderServerPage({ handler, context, i18n: hausa(), queryClient });
  return { calls, html, status: context.statusCode };
}

describe('prepaid recharge without JavaScript: a refused amount', () => {
  it.each(['10', '50001', 'abc'])(
    'amount %s: the message and the bundle list, no loader without end',
    async (amount) => {
      const { html, status } = await sendPlainForm({ msisdn: '8021000001', amount });
      expect(status).toBe(400);
      expect(html).toMatch(/Mafi (ƙarancin|yawan) adadi/);
      expect(html).toContain(ha(JOURNEY_CATALOGUE, 'bundleList.title'));
      expect(html).toContain('Monthly 10GB');
      expect(html).not.toContain(ha(JOURNEY_CATALOGUE, 'bundleList.loading'));
    },
  );

  it('a bundle list that could not be read says so, with a link to try again, instead of a loader', async () => {
    const { html } = await sendPlainForm(
      { msisdn: '8021000001', amount: '10' },
      { [PATHS.bundles]: () => failure('503', 'Something Went Wrong!', 503) },
    );
    expect(html).toContain(ha(JOURNEY_CATALOGUE, 'bundleList.failed'));
    expect(html).toContain('href="/ha/prepaid-recharge"');
    expect(html).not.toContain(ha(JOURNEY_CATALOGUE, 'bundleList.loading'));
  });
});
