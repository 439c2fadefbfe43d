import { ERRORS, OPCO, PATHS, type FaqItem, type LikeCountResult } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, testDatabases, type TestPortal } from '../../test/harness.js';

type Envelope<T> = { statusCode: string; status: string; message: string; result: T };

describe.each(testDatabases())('help centre on %s', (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(kind);
  });
  afterAll(async () => {
    await portal?.close();
  });

  const faqs = (query: Record<string, string>, headers: Record<string, string> = {}) =>
    portal.request<Envelope<FaqItem[]>>(
      'GET',
      `${PATHS.faqs}?${new URLSearchParams({ opco: OPCO, ...query })}`,
      undefined,
      headers,
    );
  const vote = (questionId: string, isLike: string) =>
    portal.request<Envelope<LikeCountResult>>(
      'GET',
      `${PATHS.likeCount}?${new URLSearchParams({ questionId, isLike, opco: 'NG' })}`,
    );

  it('serves the FAQs of a language in content order, with category links', async () => {
    const { status, body, headers } = await faqs({ lang: 'en' });
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-cache');
    const items = body.result;
    expect(items.length).toBeGreaterThanOrEqual(40);
    expect(items[0]).toMatchObject({
      questionId: 'rch-001',
      parentCategory: 'Recharge & Airtime',
      category: 'Buying airtime',
      popular: 'true',
      href: '',
      countLikePercentage: null,
      totalVotes: 0,
    });
    expect(items.filter((i) => i.popular === 'true').length).toBeGreaterThanOrEqual(10);
    const links = items.filter((i) => i.href);
    expect(links.map((l) => [l.parentCategory, l.href])).toEqual([
      ['Contact Us', '/contact-us'],
      ['Shops', '/store_finder/naija_shop'],
      ['Dealers', '/store_finder/dealers'],
      ['Our Service Experience', '/give_your_feedback'],
      ['Mobile Money Loans', '/more-naija-money'],
    ]);
    expect(items.some((i) => i.category === 'Contact Details')).toBe(true);
  });

  it('serves Swahili by query or lang header, and English for a language without FAQs', async () => {
    const sw = await faqs({ lang: 'sw' });
    expect(sw.body.result[0]).toMatchObject({
      questionId: 'rch-001',
      parentCategory: 'Kuongeza Salio na Muda wa Maongezi',
    });
    const byHeader = await faqs({}, { lang: 'sw' });
    expect(byHeader.body.result[0]?.question).toBe(sw.body.result[0]?.question);
    const en = await faqs({ lang: 'en' });
    expect(sw.body.result.map((i) => i.questionId)).toEqual(en.body.result.map((i) => i.questionId));
    const fr = await faqs({ lang: 'fr' });
    expect(fr.body.result[0]?.question).toBe(en.body.result[0]?.question);
  });

  it('filters by category and question', async () => {
    const category = await faqs({ lang: 'en', parentCategory: 'Data & Bundles', category: 'Data plans' });
    expect(category.body.result.length).toBeGreaterThan(1);
    expect(category.body.result.every((i) => i.category === 'Data plans')).toBe(true);
    const one = await faqs({ lang: 'en', questionId: 'sim-001' });
    expect(one.body.result).toHaveLength(1);
    expect(one.body.result[0]?.answer).toContain('*996#');
  });

  it('serves sanitised HTML answers', async () => {
    const { body } = await faqs({ lang: 'en' });
    for (const item of body.result) {
      expect(item.answer, item.questionId).not.toMatch(/<script|onerror|onclick|javascript:/i);
    }
    expect(body.result[0]?.answer).toMatch(/^<p>.*<a href="\/prepaid-recharge">/);
  });

  it('counts votes for real and answers the new percentage', async () => {
    expect((await vote('dat-002', 'true')).body.result).toEqual({
      questionId: 'dat-002',
      countLikePercentage: 100,
      totalVotes: 1,
    });
    expect((await vote('dat-002', 'false')).body.result).toMatchObject({
      countLikePercentage: 50,
      totalVotes: 2,
    });
    const third = await vote('dat-002', 'true');
    expect(third.status).toBe(200);
    expect(third.body).toMatchObject({ statusCode: '200', status: 'success' });
    expect(third.body.result).toMatchObject({ countLikePercentage: 67, totalVotes: 3 });
    // The refetched answer carries the new percentage, in every language.
    for (const lang of ['en', 'sw']) {
      const { body } = await faqs({ lang, questionId: 'dat-002' });
      expect(body.result[0]).toMatchObject({ countLikePercentage: 67, totalVotes: 3 });
    }
  });

  it('counts concurrent votes without losing any', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => vote('bil-010', i % 4 === 0 ? 'false' : 'true')),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const { body } = await faqs({ lang: 'en', questionId: 'bil-010' });
    expect(body.result[0]).toMatchObject({ totalVotes: 20, countLikePercentage: 75 });
  });

  it('one vote per visitor and question: a repeat counts once, a change moves the vote', async () => {
    const first = await vote('rch-003', 'true');
    const cookie = /portal_visitor=[^;]+/.exec(first.headers.get('set-cookie') ?? '')?.[0];
    expect(cookie, 'the first vote gives the visitor an id').toBeDefined();
    expect(first.headers.get('set-cookie')).toMatch(/HttpOnly/);
    const again = (isLike: string) =>
      portal.request<Envelope<LikeCountResult>>(
        'GET',
        `${PATHS.likeCount}?${new URLSearchParams({ questionId: 'rch-003', isLike, opco: 'NG' })}`,
        undefined,
        { cookie: cookie! },
      );
    const repeats = await Promise.all([again('true'), again('true'), again('true')]);
    expect(repeats.map((r) => r.body.result)).toEqual(
      Array.from({ length: 3 }, () => ({ questionId: 'rch-003', countLikePercentage: 100, totalVotes: 1 })),
    );
    expect(repeats[0]!.headers.get('set-cookie')).toBeNull();
    // Changing one's mind replaces the vote.
    expect((await again('false')).body.result).toMatchObject({ countLikePercentage: 0, totalVotes: 1 });
    // Another visitor has a vote of their own.
    expect((await vote('rch-003', 'true')).body.result).toMatchObject({
      countLikePercentage: 50,
      totalVotes: 2,
    });
    const { body } = await faqs({ lang: 'en', questionId: 'rch-003' });
    expect(body.result[0]).toMatchObject({ countLikePercentage: 50, totalVotes: 2 });
  });

  it('refuses votes on unknown questions, on category links and malformed votes', async () => {
    const unknown = await vote('no-such-question', 'true');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      statusCode: '404',
      status: 'failure',
      message: ERRORS.NOT_FOUND.message,
    });
    expect((await vote('lnk-contact', 'true')).status).toBe(404);
    const bad = await vote('dat-002', 'maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.statusCode).toBe('400');
    const missing = await portal.request('GET', `${PATHS.likeCount}?isLike=true&opco=NG`);
    expect(missing.status).toBe(400);
    const rows = await portal.db.sql.query<{ n: number }>(
      "select count(*)::int as n from faq_votes where question_id = 'no-such-question'",
    );
    expect(rows.rows[0]?.n).toBe(0);
  });

  it('stores service feedback', async () => {
    const ok = await portal.request<Envelope<{ feedbackId: string }>>('POST', PATHS.feedback, {
      rating: 4,
      topic: 'shop',
      comment: '  Friendly staff at Allen Avenue  ',
      msisdn: '8021000001',
      lang: 'en',
      opco: 'NG',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.result.feedbackId).toMatch(/^\d+$/);
    const rows = await portal.db.sql.query<{ rating: number; comment: string; msisdn: string }>(
      'select rating, comment, msisdn from service_feedback where id = $1',
      [Number(ok.body.result.feedbackId)],
    );
    expect(rows.rows[0]).toEqual({
      rating: 4,
      comment: 'Friendly staff at Allen Avenue',
      msisdn: '2348021000001',
    });
    for (const body of [
      { rating: 6, topic: 'shop', comment: 'x', opco: 'NG' },
      { rating: 3, topic: 'shop', comment: '   ', opco: 'NG' },
      { rating: 3, topic: 'weather', comment: 'x', opco: 'NG' },
      { rating: 3, topic: 'shop', comment: 'x', msisdn: '0802', opco: 'NG' },
    ]) {
      const bad = await portal.request('POST', PATHS.feedback, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
  });
});
