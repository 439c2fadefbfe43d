import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PATHS } from '@portal/contract/paths';
import type { FaqItem } from '@portal/contract/api/help';
import { pages } from '@/testing/catalogues';
import { configData } from '@/testing/fixtures';
import { mockFetch, ok, renderWithProviders } from '@/testing/test-utils';
import { HelpCentrePage } from './help-centre-page';

afterEach(() => {
  sessionStorage.clear();
});

const items: FaqItem[] = [
  faq('q1', 'Data & Bundles', 'Data plans', 'How do I buy a data bundle?', true),
  faq('q2', 'Data & Bundles', 'Data plans', 'Can I buy data for another number?'),
  faq(
    'q3',
    'Data & Bundles',
    'Usage',
    'How do I check my data balance?',
    true,
    '<p>Dial <strong>*323#</strong></p>',
  ),
  faq('q4', 'Customer Care', 'Contact Details', 'How can I reach customer care?'),
  { ...faq('l1', 'Contact Us', '', ''), answer: '', href: '/contact-us' },
];

function faq(
  id: string,
  parent: string,
  category: string,
  question: string,
  popular = false,
  answer = `<p>${question}</p>`,
): FaqItem {
  return {
    questionId: id,
    parentCategory: parent,
    category,
    question,
    answer,
    href: '',
    popular: popular ? 'true' : 'false',
    countLikePercentage: 80,
    totalVotes: 5,
  };
}

function backend(votes: { questionId: string; isLike: string }[] = []) {
  let percentage = 80;
  return mockFetch({
    [PATHS.activePackage]: (url) =>
      ok({
        pageUrl: url.searchParams.get('pageUrl'),
        language: 'en',
        packageHtml: JSON.stringify(pages.en?.[url.searchParams.get('pageUrl')!] ?? {}),
      }),
    [PATHS.config]: () => ok({ configData }),
    [PATHS.faqs]: () =>
      ok(
        items.map((i) =>
          i.questionId === 'q3' ? { ...i, countLikePercentage: percentage, totalVotes: 6 } : i,
        ),
      ),
    [PATHS.likeCount]: (url) => {
      votes.push({
        questionId: url.searchParams.get('questionId')!,
        isLike: url.searchParams.get('isLike')!,
      });
      percentage = 83;
      return ok({ questionId: 'q3', countLikePercentage: 83, totalVotes: 6 });
    },
  });
}

const routes = [
  { path: '/gethelp', element: <HelpCentrePage /> },
  { path: '/contact-us', element: <p>contact page</p> },
  { path: '/store-locator', element: <p>store locator</p> },
];

describe('help centre', () => {
  it('steps through the stages and back', async () => {
    backend();
    const user = userEvent.setup();
    renderWithProviders(<HelpCentrePage />, { path: '/gethelp', routes });
    const popular = await screen.findByRole('complementary', { name: 'Popular questions' });
    expect(
      within(popular)
        .getAllByRole('link')
        .map((b) => b.textContent),
    ).toEqual(['How do I buy a data bundle?', 'How do I check my data balance?']);
    await user.click(screen.getByRole('link', { name: /Data & Bundles/ }));
    expect(await screen.findByRole('heading', { name: 'Related with Data & Bundles' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: /Usage/ }));
    expect(await screen.findByRole('heading', { name: 'Related with Usage' })).toBeTruthy();
    await user.click(screen.getAllByRole('link', { name: 'How do I check my data balance?' })[0]!);
    const article = await screen.findByRole('article');
    expect(within(article).getByRole('heading', { level: 2 }).textContent).toContain(
      'How do I check my data balance?',
    );
    expect(screen.getByRole('link', { name: 'Find a Store' }).getAttribute('href')).toBe('/store-locator');
    expect(screen.getByRole('link', { name: 'You can call 300' }).getAttribute('href')).toBe('tel:300');
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Related with Usage' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Back' }));
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Browse by category' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Contact Us/ }).getAttribute('href')).toBe('/contact-us');
  });

  it('shows the answer, counts a vote and shows the thank-you and the new percentage', async () => {
    const votes: { questionId: string; isLike: string }[] = [];
    const calls = backend(votes);
    const user = userEvent.setup();
    const { router } = renderWithProviders(<HelpCentrePage />, {
      path: '/gethelp?parent=Data+%26+Bundles&category=Usage&question=q3',
      routes,
    });
    const article = await screen.findByRole('article');
    // Sanitising is checked in a real browser (e2e/tests/help.spec.ts): happy-dom is not faithful enough for DOMPurify.
    expect(article.querySelector('strong')?.textContent).toBe('*323#');
    expect(within(article).getByText('80% found this helpful')).toBeTruthy();
    await user.click(within(article).getByRole('button', { name: 'No, this was not helpful' }));
    expect(await within(article).findByText('Thank you for your feedback!')).toBeTruthy();
    expect(votes).toEqual([{ questionId: 'q3', isLike: 'false' }]);
    expect(await within(article).findByText('83% found this helpful')).toBeTruthy();
    // The answer is refetched after the vote.
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === PATHS.faqs)).toHaveLength(2));
    expect(within(article).queryByRole('button', { name: 'Yes, this was helpful' })).toBeNull();
    // The live page sent the vote itself: the plain form was not sent, the page stayed where it was.
    expect(router.state.location.search).toBe('?parent=Data+%26+Bundles&category=Usage&question=q3');
    expect(within(article).getByRole('status').textContent).toBe('Thank you for your feedback!');
  });

  it('asks with two thumbs in a plain form, which works without JavaScript too', async () => {
    backend();
    renderWithProviders(<HelpCentrePage />, { path: '/gethelp?question=q3', routes });
    const article = await screen.findByRole('article');
    const group = within(article).getByRole('group', { name: 'Was this helpful?' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => [b.getAttribute('aria-label'), b.getAttribute('type')])).toEqual([
      ['Yes, this was helpful', 'submit'],
      ['No, this was not helpful', 'submit'],
    ]);
    expect(buttons.map((b) => `${b.getAttribute('name')}=${b.getAttribute('value')}`)).toEqual([
      'vote=like',
      'vote=dislike',
    ]);
    const form = group.closest('form')!;
    expect(form.getAttribute('method')).toBe('post');
    // Sent to the answer under its categories, where the server's handler answers with it again.
    expect(form.getAttribute('action')).toBe('/gethelp?parent=Data+%26+Bundles&category=Usage&question=q3');
    const hidden = form.querySelector<HTMLInputElement>('input[type="hidden"]');
    expect([hidden?.name, hidden?.value]).toEqual(['questionId', 'q3']);
    expect(group.closest('.js-only')).toBeNull();
  });

  it("thanks for a plain form's vote (?voted=) instead of asking again, for that question only", async () => {
    backend();
    renderWithProviders(<HelpCentrePage />, { path: '/gethelp?question=q3&voted=q3', routes });
    const article = await screen.findByRole('article');
    const thanks = within(article).getByRole('status');
    expect(thanks.textContent).toBe('Thank you for your feedback!');
    expect(thanks.id).toBe('help-answer-thanks');
    expect(within(article).queryByRole('button', { name: /helpful/ })).toBeNull();
  });

  it('asks again on another question than the one voted on', async () => {
    backend();
    renderWithProviders(<HelpCentrePage />, { path: '/gethelp?question=q3&voted=q1', routes });
    const article = await screen.findByRole('article');
    expect(within(article).getAllByRole('button', { name: /helpful/ })).toHaveLength(2);
    expect(within(article).queryByText('Thank you for your feedback!')).toBeNull();
  });

  it('shows no popular searches for Contact Details', async () => {
    backend();
    renderWithProviders(<HelpCentrePage />, {
      path: '/gethelp?parent=Customer+Care&category=Contact+Details',
      routes,
    });
    expect(await screen.findByRole('link', { name: 'How can I reach customer care?' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Popular searches' })).toBeNull();
  });

  it('filters questions as the user types, with highlights or the no-data message', async () => {
    backend();
    const user = userEvent.setup();
    renderWithProviders(<HelpCentrePage />, { path: '/gethelp', routes });
    await screen.findByRole('complementary', { name: 'Popular questions' });
    const search = screen.getByRole('combobox', { name: 'Search' });
    await user.type(search, 'data bal');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    await waitFor(() =>
      expect(within(list).getAllByRole('option')[0]?.textContent).toContain(
        'How do I check my data balance?',
      ),
    );
    expect([...list.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['data', 'bal']);
    await user.clear(search);
    await user.type(search, 'zebra');
    expect(await screen.findByText('No data found')).toBeTruthy();
  });
});
