import { describe, expect, it } from 'vitest';
import { pages } from '@/testing/catalogues';

/**
 * Every text key the help centre, store locator, coverage map and contact pages ask for exists in the
 * English catalogues (and, by the shared catalogue check, in Swahili), plural forms included.
 */
const sources = import.meta.glob<string>(
  ['../{help,store-locator,coverage,contact}/**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'],
  { eager: true, query: '?raw', import: 'default' },
);

const PREFIXES = [
  'help',
  'helpDocuments',
  'faq',
  'question',
  'search',
  'storeLocator',
  'coverage',
  'contact',
  'feedback',
  'loans',
];
const PAGES = [
  'help-translation',
  'faq-translation',
  'question-translation',
  'search-translation',
  'help-documents-translation',
  'store-locator-translation',
  'network-translation',
  'contact-us-translation',
  'feedback-translation',
  'mobile-money-loans',
];

describe('texts of the help, store locator, coverage and contact pages', () => {
  const english = Object.assign({}, ...PAGES.map((page) => pages.en?.[page] ?? {})) as Record<string, string>;
  const swahili = Object.assign({}, ...PAGES.map((page) => pages.sw?.[page] ?? {})) as Record<string, string>;

  it('has every page in both languages with the same keys and no empty text', () => {
    for (const page of PAGES) {
      expect(pages.en?.[page], `en/${page}`).toBeDefined();
      expect(Object.keys(pages.sw?.[page] ?? {}).sort(), page).toEqual(
        Object.keys(pages.en?.[page] ?? {}).sort(),
      );
    }
    for (const [key, text] of [...Object.entries(english), ...Object.entries(swahili)]) {
      expect(typeof text === 'string' && text.trim() !== '', key).toBe(true);
    }
  });

  it('has every key the code asks for', () => {
    const re = new RegExp(`['"\`]((?:${PREFIXES.join('|')})\\.[A-Za-z0-9_]+)['"\`]`, 'g');
    const used = new Set<string>();
    for (const text of Object.values(sources)) for (const match of text.matchAll(re)) used.add(match[1]!);
    // Keys built at run time.
    for (const n of [1, 2, 3, 4, 5]) used.add(`feedback.rating${n}`);
    used.add('storeLocator.findNaijaIn');
    expect(used.size).toBeGreaterThan(60);
    const missing = [...used].filter(
      (key) => !(key in english) && !(`${key}_one` in english && `${key}_other` in english),
    );
    expect(missing).toEqual([]);
  });

  it('keeps the spec texts verbatim', () => {
    expect(english['coverage.enterLocation']).toBe('Enter a Location');
    expect(english['help.stillNeedHelp']).toBe('Still need help?');
    expect(english['help.findStore']).toBe('Find a Store');
    expect(english['help.callUs']).toBe('You can call {{number}}');
    expect(english['storeLocator.locationDenied']).toBe(
      'We are unable to access your Current Location. You can directly search your location from search field.',
    );
    expect(english['storeLocator.noResults']).toBe('No data found');
    expect(english['search.search']).toBe('Search');
    expect(english['storeLocator.search']).toBe('Search');
    expect(english['coverage.search']).toBe('Search');
    expect(english['feedback.thanks']).toBe('Thank you for reaching out');
    for (const [key, text] of [
      ['coverage.two_g', '2G coverage'],
      ['coverage.three_g', '3G coverage'],
      ['coverage.four_g', '4G coverage'],
      ['coverage.five_g', '5G coverage'],
    ])
      expect(english[key!]).toBe(text);
  });
});
