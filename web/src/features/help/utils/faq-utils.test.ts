import { describe, expect, it } from 'vitest';
import type { FaqItem } from '@portal/contract/api/help';
import {
  categoryLink,
  findQuestion,
  parentCategories,
  placeIn,
  popularQuestions,
  popularSearches,
  questionsIn,
  stageBack,
  stageOf,
  subCategories,
} from './faq-tree';
import { highlight, searchFaqs } from './search';

let n = 0;
const q = (
  parentCategory: string,
  category: string,
  question: string,
  extra: Partial<FaqItem> = {},
): FaqItem => ({
  questionId: `q${++n}`,
  parentCategory,
  category,
  question,
  answer: `<p>Answer to ${question}</p>`,
  href: '',
  popular: 'false',
  countLikePercentage: null,
  totalVotes: 0,
  ...extra,
});
const link = (parentCategory: string, href: string, category = ''): FaqItem =>
  q(parentCategory, category, '', { answer: '', href });

const items: FaqItem[] = [
  q('Recharge', 'Buying airtime', 'How do I recharge my line?', { popular: 'true' }),
  q('Recharge', 'Buying airtime', 'What is the minimum recharge amount?'),
  q('Recharge', 'Balance', 'How do I check my airtime balance?', { popular: 'true' }),
  q('Data', 'Data plans', 'How do I buy a data bundle?', { popular: 'true' }),
  q('Data', 'Usage', 'How do I check my data balance?', {
    popular: 'true',
    answer: '<p>Dial <strong>*323#</strong></p>',
  }),
  q('Data', 'Find us', '', { answer: '', href: '/storeLocator' }),
  q('Customer Care', 'Contact Details', 'How can I reach customer care?'),
  link('Contact Us', '/contact-us'),
  link('Shops', ''),
  link('Partners', 'https://partners.example.com'),
];
// A named category without its own href still has its configured path.
items[8] = { ...items[8]!, href: '' };

describe('help centre stages', () => {
  it('lists parent categories in content order with their links', () => {
    const parents = parentCategories(items);
    expect(parents.map((c) => [c.name, c.questions, categoryLink(c)])).toEqual([
      ['Recharge', 3, undefined],
      ['Data', 2, undefined],
      ['Customer Care', 1, undefined],
      ['Contact Us', 0, '/contact-us'],
      ['Partners', 0, 'https://partners.example.com'],
    ]);
    expect(categoryLink({ name: 'Shops', questions: 0 })).toBe('/store_finder/naija_shop');
    expect(categoryLink({ name: 'Dealers', questions: 0 })).toBe('/store_finder/dealers');
    expect(categoryLink({ name: 'Our Service Experience', questions: 0 })).toBe('/give_your_feedback');
    expect(categoryLink({ name: 'Mobile Money Loans', questions: 0 })).toBe('/more-naija-money');
  });

  it('lists sub-categories (with links) and their questions', () => {
    expect(subCategories(items, 'Data').map((c) => [c.name, categoryLink(c)])).toEqual([
      ['Data plans', undefined],
      ['Usage', undefined],
      ['Find us', '/storeLocator'],
    ]);
    expect(questionsIn(items, 'Recharge', 'Buying airtime').map((i) => i.question)).toEqual([
      'How do I recharge my line?',
      'What is the minimum recharge amount?',
    ]);
    expect(findQuestion(items, items[2]!.questionId)?.question).toBe('How do I check my airtime balance?');
    expect(findQuestion(items, items[7]!.questionId)).toBeUndefined();
  });

  it('picks up to 10 popular questions, and up to 5 popular searches of the same parent first', () => {
    const many = Array.from({ length: 14 }, (_, i) => q('P', 'C', `Question ${i}`, { popular: 'true' }));
    expect(popularQuestions(many)).toHaveLength(10);
    expect(popularQuestions(items).map((i) => i.question)).toHaveLength(4);
    const searches = popularSearches([...items, ...many], 'Data', new Set([items[3]!.questionId]));
    expect(searches).toHaveLength(5);
    expect(searches[0]!.question).toBe('How do I check my data balance?');
    expect(searches.some((i) => i.questionId === items[3]!.questionId)).toBe(false);
  });

  it('steps back one stage at a time', () => {
    const answer = { parent: 'Data', category: 'Usage', question: 'q5' };
    expect(stageOf(answer)).toBe(4);
    expect(stageBack(answer)).toEqual({ parent: 'Data', category: 'Usage' });
    expect(stageOf(stageBack(answer))).toBe(3);
    expect(stageBack({ parent: 'Data', category: 'Usage' })).toEqual({ parent: 'Data' });
    expect(stageBack({ parent: 'Data' })).toEqual({});
    expect(stageOf({})).toBe(1);
  });
});

describe('a place named in another language', () => {
  // What the language chooser keeps: the address of the page in the language left.
  it("shows a question under this language's categories, whatever the address names", () => {
    expect(placeIn(items, { parent: 'Chaji', category: 'Sayen airtime', question: 'q1' })).toEqual({
      parent: 'Recharge',
      category: 'Buying airtime',
      question: 'q1',
    });
  });

  it('opens the stage above a category this language lacks, never an empty one', () => {
    expect(placeIn(items, { parent: 'Chaji' })).toEqual({});
    expect(placeIn(items, { parent: 'Chaji', category: 'Balance' })).toEqual({});
    expect(placeIn(items, { parent: 'Recharge', category: 'Ragowar kuɗi' })).toEqual({ parent: 'Recharge' });
  });

  it('keeps a place this list knows, and a question it does not (the page says it was not found)', () => {
    expect(placeIn(items, { parent: 'Recharge', category: 'Balance' })).toEqual({
      parent: 'Recharge',
      category: 'Balance',
    });
    expect(placeIn(items, { parent: 'Data' })).toEqual({ parent: 'Data' });
    expect(placeIn(items, { parent: 'Data', question: 'gone' })).toEqual({
      parent: 'Data',
      question: 'gone',
    });
  });
});

describe('question search', () => {
  it('finds questions by all typed words, best matches first', () => {
    expect(searchFaqs(items, 'balance').map((i) => i.question)).toEqual([
      'How do I check my airtime balance?',
      'How do I check my data balance?',
    ]);
    expect(searchFaqs(items, 'data balance')[0]!.question).toBe('How do I check my data balance?');
    expect(searchFaqs(items, 'how do i')[0]!.question).toBe('How do I recharge my line?');
    expect(searchFaqs(items, 'RECHARGE  line')[0]!.question).toBe('How do I recharge my line?');
  });

  it('looks into answers and categories after questions', () => {
    expect(searchFaqs(items, '*323#').map((i) => i.question)).toEqual(['How do I check my data balance?']);
    expect(searchFaqs(items, 'contact details').map((i) => i.question)).toEqual([
      'How can I reach customer care?',
    ]);
  });

  it('finds nothing for unknown words, empty queries or category links', () => {
    expect(searchFaqs(items, 'zebra')).toEqual([]);
    expect(searchFaqs(items, '   ')).toEqual([]);
    expect(searchFaqs(items, 'partners')).toEqual([]);
  });

  it('limits suggestions', () => {
    const many = Array.from({ length: 20 }, (_, i) => q('P', 'C', `Bundle question ${i}`));
    expect(searchFaqs(many, 'bundle', 8)).toHaveLength(8);
  });

  it('highlights the typed words', () => {
    expect(highlight('How do I check my data balance?', 'data bal')).toEqual([
      { text: 'How do I check my ', match: false },
      { text: 'data', match: true },
      { text: ' ', match: false },
      { text: 'bal', match: true },
      { text: 'ance?', match: false },
    ]);
    expect(highlight('Salio la Data', 'DATA')).toEqual([
      { text: 'Salio la ', match: false },
      { text: 'Data', match: true },
    ]);
    expect(highlight('Plain', '')).toEqual([{ text: 'Plain', match: false }]);
    expect(highlight('a.b (c)', '(c)')).toEqual([
      { text: 'a.b (', match: false },
      { text: 'c', match: true },
      { text: ')', match: false },
    ]);
  });
});
