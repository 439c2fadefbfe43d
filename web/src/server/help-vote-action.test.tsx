import { describe, expect, it } from 'vitest';
import { createStaticHandler } from 'react-router';
import type { FaqItem } from '@portal/contract/api/help';
import { PATHS } from '@portal/contract/paths';
import { data } from '@/app/routes/gethelp';
import { CATALOGUES, HelpCentrePage } from '@/features/help/components/help-centre-page';
import { configQueryOptions } from '@/lib/config';
import { createI18n, loadCatalogues, TRANSLATION_PAGE } from '@/lib/i18n';
import { pages } from '@/testing/catalogues';
import { PREPAID_PURCHASE } from '@/testing/fixtures';
import { contentAndConfig, failure } from '@/testing/journeys';
import { createTestQueryClient, mockFetch, ok, type JsonRoute } from '@/testing/test-utils';
import { renderServerPage } from '@/testing/server-page';
import { actionContext } from './form';
import { helpVoteAction, visitorCookie } from './help-vote-action';

/**
 * 'Was this helpful?' without JavaScript (spec §2 "Help centre / FAQ"): the thumbs are a plain form; the
 * server sends the same vote as the live page and answers with the answer again, counted, and the thank-you,
 * in the page's language.
 */
const CONFIG = {
  languages: [
    { code: 'EN', label: 'EN', prefix: '' },
    { code: 'HA', label: 'Hausa', prefix: '/ha' },
  ],
};
const ANSWER = '/ha/gethelp?parent=Caji&category=Sayen+katin+waya&question=rch-001';
const ha = (key: string) => String(pages.ha?.['faq-translation']?.[key]);

/** The server's HTML as a browser reads it (happy-dom leaves `&#x27;` in attributes: written as it reads). */
function dom(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html.replaceAll('&#x27;', "'");
  return root;
}

function faq(percent: number | null, votes: number): FaqItem {
  return {
    questionId: 'rch-001',
    parentCategory: 'Caji',
    category: 'Sayen katin waya',
    question: 'Ta yaya zan sayi katin waya?',
    answer: '<p>Buga *311*PIN#</p>',
    href: '',
    popular: 'true',
    countLikePercentage: percent,
    totalVotes: votes,
  };
}

/** The portal's API as the render calls it: the FAQs count the votes the likeCount call was sent. */
function backend(answers: Record<string, JsonRoute> = {}) {
  const votes: { questionId: string; isLike: string; cookie: string | undefined }[] = [];
  const calls = mockFetch({
    ...contentAndConfig(CONFIG),
    [PATHS.faqs]: () => ok([votes.length ? faq(votes[0]?.isLike === 'true' ? 100 : 0, 1) : faq(null, 0)]),
    [PATHS.likeCount]: (url, init) => {
      votes.push({
        questionId: url.searchParams.get('questionId')!,
        isLike: url.searchParams.get('isLike')!,
        cookie: (init?.headers as Record<string, string> | undefined)?.['cookie'],
      });
      return ok({ questionId: 'rch-001', countLikePercentage: 0, totalVotes: 1 });
    },
    ...answers,
  });
  return { calls, votes };
}

/** The help centre's route as the server has it: its texts and FAQs loaded, the vote form's handler. */
function helpRoute() {
  const queryClient = createTestQueryClient();
  const i18n = createI18n('ha');
  const server = { sealPurchase: () => 'SEALED', openPurchase: () => PREPAID_PURCHASE };
  const handler = createStaticHandler([
    {
      id: 'gethelp',
      path: '/ha/gethelp',
      loader: async ({ request }) => {
        await queryClient.ensureQueryData(configQueryOptions);
        await loadCatalogues(queryClient, i18n, 'ha', [TRANSLATION_PAGE, ...CATALOGUES]);
        await data.prefetch?.({ queryClient, lang: 'ha', url: new URL(request.url), params: {}, server });
        return null;
      },
      action: async ({ request }) => helpVoteAction(await actionContext(request, queryClient, server)),
      element: <HelpCentrePage />,
    },
  ]);
  return { handler, queryClient, i18n };
}

/** The page at `path` as the server renders it. */
async function renderPage(path: string) {
  const route = helpRoute();
  const context = await route.handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`answered ${context.status}, not the page`);
  return { html: renderServerPage({ ...route, context }), status: context.statusCode };
}

/** Sends the plain vote form as a browser without JavaScript does: to the answer's address. */
async function sendVote(fields: Record<string, string>, cookie?: string) {
  const route = helpRoute();
  const request = new Request(`http://localhost${ANSWER}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
  });
  // The test's DOM drops a Request's cookie, as a browser's fetch does; the server's (Node's) keeps it.
  if (cookie) Object.defineProperty(request, 'headers', { value: new Headers({ cookie }) });
  const context = await route.handler.query(request);
  if (context instanceof Response) return { response: context };
  return { html: renderServerPage({ ...route, context }), status: context.statusCode };
}

describe("'was this helpful' without JavaScript", () => {
  it('the answer asks with two thumbs in a plain form sent to the answer’s address', async () => {
    backend();
    const page = dom((await renderPage(ANSWER)).html);
    const form = page.querySelector('form.help-answer__form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe(ANSWER);
    const hidden = form.querySelector('input[type="hidden"]')!;
    expect([hidden.getAttribute('name'), hidden.getAttribute('value')]).toEqual(['questionId', 'rch-001']);
    const group = form.querySelector('[role="group"]')!;
    expect(page.querySelector(`#${group.getAttribute('aria-labelledby')}`)?.textContent).toBe(
      ha('faq.feedback'),
    );
    expect(
      [...form.querySelectorAll('button')].map((b) => [
        b.getAttribute('type'),
        b.getAttribute('name'),
        b.getAttribute('value'),
        b.getAttribute('aria-label'),
      ]),
    ).toEqual([
      ['submit', 'vote', 'like', ha('faq.helpful')],
      ['submit', 'vote', 'dislike', ha('faq.notHelpful')],
    ]);
    expect(page.querySelector('.js-only')).toBeNull();
  });

  it('a vote is sent as the live page sends it, with the visitor’s cookie, then the answer again', async () => {
    const { votes } = backend();
    const { response } = await sendVote(
      { questionId: 'rch-001', vote: 'dislike' },
      'theme=dark; portal_visitor=0b6f9a52-3c1e-4c5e-9a0d-2b1f1d4c7e11; other=1',
    );
    expect(votes).toEqual([
      {
        questionId: 'rch-001',
        isLike: 'false',
        cookie: 'portal_visitor=0b6f9a52-3c1e-4c5e-9a0d-2b1f1d4c7e11',
      },
    ]);
    // A redirect (reloading the thank-you votes nothing), to the answer in Hausa, at the thank-you.
    expect(response?.status).toBe(303);
    const location = response?.headers.get('location') ?? '';
    expect(location).toBe(`${ANSWER}&voted=rch-001#help-answer-thanks`);

    const page = dom((await renderPage(location.split('#')[0]!)).html);
    const thanks = page.querySelector('#help-answer-thanks');
    expect(thanks?.getAttribute('role')).toBe('status');
    expect(thanks?.textContent).toBe(ha('faq.thankyou'));
    expect(page.querySelector('button[name="vote"]')).toBeNull();
    // The vote is counted: the answer's share is read again.
    expect(page.querySelector('.help-answer__percent')?.textContent).toBe(
      ha('faq.percentHelpful').replace('{{percent}}', '0'),
    );
  });

  it('a vote that could not be saved: the answer again with the error, and the thumbs to try again', async () => {
    const { votes } = backend({
      [PATHS.likeCount]: () => failure('503', 'Something Went Wrong!', 503),
    });
    const sent = await sendVote({ questionId: 'rch-001', vote: 'like' });
    expect(sent.status).toBe(400);
    const page = dom(sent.html ?? '');
    expect(page.querySelector('[role="alert"]')?.textContent).toBe(ha('faq.voteError'));
    expect(page.querySelectorAll('button[name="vote"]')).toHaveLength(2);
    expect(page.querySelector('#help-answer-thanks')).toBeNull();
    expect(votes).toEqual([]);
  });

  it('a form without a thumb’s value votes nothing', async () => {
    const { calls } = backend();
    const sent = await sendVote({ questionId: 'rch-001', vote: 'maybe' });
    expect(sent.status).toBe(400);
    expect(calls.some((call) => call.url.pathname === PATHS.likeCount)).toBe(false);
  });
});

describe('the visitor cookie passed on with a plain vote', () => {
  const request = (cookie?: string) => ({ headers: new Headers(cookie ? { cookie } : {}) });

  it('is the portal_visitor cookie alone, or none', () => {
    expect(visitorCookie(request('a=1; portal_visitor=abc; b=2'))).toBe('portal_visitor=abc');
    expect(visitorCookie(request('a=1'))).toBeUndefined();
    expect(visitorCookie(request())).toBeUndefined();
  });
});
