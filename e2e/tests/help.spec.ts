import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { API_HEADERS, successAnswer } from './sandbox';

/** Help centre (spec §2 "Help centre / FAQ", §4 "Help"): stages, search, answer, votes and category links. */
const FAQS = '/orp/bfe/api/portal-service/cms/webpage/getFaqs_pCategory';

type Faq = { questionId: string; countLikePercentage: number | null; totalVotes: number };

async function settled(page: Page) {
  await expect(page.locator('.loading-screen')).toHaveCount(0);
}

async function faq(page: Page, questionId: string): Promise<Faq> {
  const response = await page.request.get(`${FAQS}?opco=NG&lang=en&questionId=${questionId}`, {
    headers: API_HEADERS,
  });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { result: Faq[] }).result[0]!;
}

test('walks the four stages and steps back one at a time', async ({ page }) => {
  await page.goto('/gethelp');
  await settled(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Help Centre' })).toBeVisible();
  const popular = page.getByRole('complementary', { name: 'Popular questions' });
  await expect(popular.getByRole('link')).toHaveCount(10);

  // 1 -> 2: a parent category.
  await page.getByRole('link', { name: 'Data & Bundles' }).click();
  await expect(page.getByRole('heading', { name: 'Related with Data & Bundles' })).toBeVisible();
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb).toContainText('Help Centre');
  await expect(breadcrumb).toContainText('Data & Bundles');
  await expect(page.getByRole('complementary', { name: 'Popular searches' }).getByRole('link')).toHaveCount(
    5,
  );

  // 2 -> 3: a sub-category; 3 -> 4: a question.
  await page.getByRole('link', { name: 'Data plans' }).click();
  await expect(page.getByRole('heading', { name: 'Related with Data plans' })).toBeVisible();
  await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText('Data plans');
  await page.getByRole('link', { name: 'How do I buy a data bundle?' }).first().click();
  const answer = page.getByRole('article');
  await expect(answer.getByRole('heading', { level: 2 })).toContainText('How do I buy a data bundle?');
  await expect(answer).toContainText('Data plans');
  await expect(answer).toContainText('*312#');
  await expect(page.getByRole('heading', { name: 'Still need help?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Find a Store' })).toHaveAttribute('href', '/store-locator');
  await expect(page.getByRole('link', { name: 'You can call 300' })).toHaveAttribute('href', 'tel:300');

  // Back: 4 -> 3 -> 2 -> 1.
  const back = page.getByRole('link', { name: 'Back' });
  await back.click();
  await expect(page.getByRole('heading', { name: 'Related with Data plans' })).toBeVisible();
  await back.click();
  await expect(page.getByRole('heading', { name: 'Related with Data & Bundles' })).toBeVisible();
  await back.click();
  await expect(page.getByRole('heading', { name: 'Browse by category' })).toBeVisible();

  // 'Find a Store' leads to the store locator.
  await page.getByRole('link', { name: 'How do I check my data balance?' }).click();
  await page.getByRole('link', { name: 'Find a Store' }).click();
  await expect(page).toHaveURL(/\/store-locator$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a Naija Mobile store near you');
});

test('a vote is counted and the percentage refetched', async ({ page }) => {
  const before = await faq(page, 'dat-011');
  await page.goto('/gethelp?parent=Data+%26+Bundles&category=Data+balance+and+usage&question=dat-011');
  await settled(page);
  const article = page.getByRole('article');
  await expect(article.getByRole('heading', { level: 2 })).toContainText('Why is my data finishing so fast?');
  await expect(article.getByText('Was this helpful?')).toBeVisible();

  const voteRequest = page.waitForRequest((r) => r.url().includes('/cms/webpage/likeCount/'));
  const refetch = page.waitForResponse(
    (r) => r.url().includes('getFaqs_pCategory') && r.request().method() === 'GET',
  );
  await article.getByRole('button', { name: 'Yes, this was helpful' }).click();
  const sent = new URL((await voteRequest).url());
  expect(Object.fromEntries(sent.searchParams)).toEqual({
    questionId: 'dat-011',
    isLike: 'true',
    opco: 'NG',
  });
  await refetch;

  await expect(article.getByText('Thank you for your feedback!')).toBeVisible();
  await expect(article.getByRole('button', { name: 'Yes, this was helpful' })).toHaveCount(0);
  const after = await faq(page, 'dat-011');
  expect(after.totalVotes).toBe(before.totalVotes + 1);
  await expect(article.getByText(`${after.countLikePercentage}% found this helpful`)).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a vote is a plain form: counted, then the answer again with the thank-you', async ({ page }) => {
    const before = await faq(page, 'rch-001');
    await page.goto('/gethelp?parent=Recharge+%26+Airtime&category=Buying+airtime&question=rch-001');
    const article = page.getByRole('article');
    const ask = article.getByRole('group', { name: 'Was this helpful?' });
    await expect(ask).toBeVisible();
    // A keyboard reaches the thumbs and sends the form with them.
    await ask.getByRole('button', { name: 'No, this was not helpful' }).focus();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/gethelp\?parent=.*&question=rch-001&voted=rch-001#help-answer-thanks$/);
    await expect(article.getByRole('status')).toHaveText('Thank you for your feedback!');
    await expect(article.getByRole('button', { name: /helpful/ })).toHaveCount(0);
    const after = await faq(page, 'rch-001');
    expect(after.totalVotes).toBe(before.totalVotes + 1);
    await expect(article.getByText(`${after.countLikePercentage}% found this helpful`)).toBeVisible();
    // The thank-you is an address of its own: reloading it sends no second vote.
    await page.reload();
    await expect(article.getByRole('status')).toHaveText('Thank you for your feedback!');
    expect((await faq(page, 'rch-001')).totalVotes).toBe(after.totalVotes);
  });

  test("a visitor's second vote replaces the first, as on the live page", async ({
    page,
    context,
    baseURL,
  }) => {
    // The visitor id the API gives a browser on its first vote (server/src/lib/visitor.ts), sent back here.
    await context.addCookies([
      { name: 'portal_visitor', value: '3f2b8c1e-5d4a-4b6f-9e7c-1a2b3c4d5e6f', url: baseURL! },
    ]);
    const before = await faq(page, 'rch-002');
    const answer = '/gethelp?parent=Recharge+%26+Airtime&category=Buying+airtime&question=rch-002';
    await page.goto(answer);
    await page.getByRole('button', { name: 'Yes, this was helpful' }).click();
    await expect(page.getByRole('status')).toHaveText('Thank you for your feedback!');
    await page.goto(answer);
    await page.getByRole('button', { name: 'No, this was not helpful' }).click();
    await expect(page.getByRole('status')).toHaveText('Thank you for your feedback!');
    expect((await faq(page, 'rch-002')).totalVotes).toBe(before.totalVotes + 1);
  });

  test("the thank-you is in the page's language", async ({ page }) => {
    await page.goto('/ha/gethelp?question=rch-001');
    await page.getByRole('article').getByRole('button', { name: 'Ee, ya taimaka' }).click();
    await expect(page).toHaveURL(/\/ha\/gethelp\?.*voted=rch-001/);
    await expect(page.getByRole('article').getByRole('status')).toHaveText("Mun gode da ra'ayinku!");
    await expect(page.locator('html')).toHaveAttribute('lang', 'ha');
  });
});

test('search filters questions as the user types, with highlights or no data', async ({ page }) => {
  await page.goto('/gethelp');
  await settled(page);
  const search = page.getByLabel('Search', { exact: true });
  await search.pressSequentially('data bal', { delay: 30 });
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(suggestions.getByRole('option').first()).toContainText('How do I check my data balance?');
  await expect(suggestions.locator('mark').first()).toHaveText(/data/i);
  await suggestions.getByRole('option').first().click();
  await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toContainText(
    'How do I check my data balance?',
  );

  await search.fill('zzzz');
  await expect(page.getByText('No data found')).toBeVisible();
  await expect(suggestions).toBeHidden();
});

test('categories with their own pages go there', async ({ page }) => {
  await page.goto('/gethelp');
  await settled(page);
  for (const [name, path, heading] of [
    ['Contact Us', '/contact-us', 'Contact Us'],
    ['Shops', '/store_finder/naija_shop', 'Find a Naija Mobile store near you'],
    ['Dealers', '/store_finder/dealers', 'Find a Naija Mobile dealer near you'],
    ['Our Service Experience', '/give_your_feedback', 'Our Service Experience'],
    ['Mobile Money Loans', '/more-naija-money', 'Mobile Money Loans'],
  ] as const) {
    await page.goto('/gethelp');
    await page.getByRole('navigation', { name: 'Browse by category' }).getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
});

test("'Contact Details' shows no popular searches", async ({ page }) => {
  await page.goto('/gethelp?parent=Customer+Care&category=Contact+Details');
  await settled(page);
  await expect(page.getByRole('link', { name: 'How can I reach customer care?' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Popular searches' })).toHaveCount(0);
  await page.goto('/gethelp?parent=Customer+Care');
  await expect(page.getByRole('heading', { name: 'Popular searches' })).toBeVisible();
});

test('feedback is sent and thanked', async ({ page }) => {
  await page.goto('/give_your_feedback');
  await settled(page);
  await page.getByText('Good', { exact: true }).click();
  await page.getByLabel('What is it about?').selectOption('customer-care');
  await page.getByLabel('Your comments').fill('Quick answer on 300, thank you.');
  await page.getByLabel('Mobile number').fill('8021000001');
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for reaching out' })).toBeVisible();
  await expect(page).toHaveURL(/\/give_your_feedback\?sent=/);
  // More feedback starts from an empty form.
  await page.getByRole('link', { name: 'Send more feedback' }).click();
  await expect(page.getByLabel('Your comments')).toHaveValue('');
  await expect(page.getByRole('radio', { name: 'Good' })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Send feedback' })).toBeDisabled();
});

test('Swahili help centre', async ({ page }) => {
  await page.goto('/sw/gethelp');
  await settled(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Kituo cha Msaada' })).toBeVisible();
  await page.getByRole('link', { name: 'Data na Vifurushi' }).click();
  await expect(page.getByRole('heading', { name: 'Yanayohusiana na Data na Vifurushi' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Vifurushi vya data' }).click();
  await page.getByRole('link', { name: 'Ninawezaje kununua kifurushi cha data?' }).first().click();
  // Links inside answers keep the language.
  await page.getByRole('article').getByRole('link', { name: 'Kifurushi cha Data' }).click();
  await expect(page).toHaveURL(/\/sw\/data-bundle$/);
});

test('answers are sanitised before they are shown', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // A content backend that serves a hostile answer: the page must not run any of it.
  await page.route(/getFaqs_pCategory/, (route) =>
    route.fulfill(
      successAnswer([
        {
          questionId: 'x1',
          parentCategory: 'Data & Bundles',
          category: 'Data plans',
          question: 'Hostile answer?',
          answer:
            '<p>Safe <strong>text</strong><script>alert("script")</script><img src="x" onerror="alert(\'img\')"><a href="javascript:alert(\'link\')">link</a><iframe src="/"></iframe></p>',
          href: '',
          popular: 'true',
          countLikePercentage: null,
          totalVotes: 0,
        },
      ]),
    ),
  );
  await page.goto('/gethelp?parent=Data+%26+Bundles&category=Data+plans&question=x1');
  await settled(page);
  const body = page.locator('.help-answer__body');
  await expect(body.locator('strong')).toHaveText('text');
  await expect(body.locator('script, img, iframe, [onerror]')).toHaveCount(0);
  await expect(body.getByText('link')).not.toHaveAttribute('href', /javascript/);
  await body.getByText('link').click();
  // A script in the link would have raised its dialog during the click; the page is still the answer.
  await expect(page.getByText('Be the first to rate this answer.')).toBeVisible();
  expect(dialogs).toEqual([]);
});

test('help pages pass an accessibility scan', async ({ page }) => {
  for (const path of [
    '/gethelp',
    '/gethelp?parent=Data+%26+Bundles&category=Data+plans&question=dat-001',
    '/contact-us',
    '/give_your_feedback',
    '/more-naija-money',
  ]) {
    await page.goto(path);
    await settled(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      serious.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  }
});
