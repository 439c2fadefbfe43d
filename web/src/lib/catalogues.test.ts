import { describe, expect, it } from 'vitest';
import { pages } from '@/testing/catalogues';

/** Style habit 6: a check fails when the English and Swahili catalogues differ in keys. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => keyPaths(item, `${prefix}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => {
      const path = prefix ? `${prefix}.${key}` : key;
      return [path, ...keyPaths(inner, path)];
    });
  }
  return [];
}

const sources = import.meta.glob<string>('../**/*.{ts,tsx}', {
  eager: true,
  query: '?raw',
  import: 'default',
});

/** English is the source; every other language has every page English has (the coverage data excepted). */
const DATA_PAGES = ['fetch-sites-data-5g'];

describe('content catalogues', () => {
  const en = pages.en ?? {};
  const languages = Object.keys(pages).filter((lang) => lang !== 'en');
  const textPages = Object.keys(en).filter((page) => !DATA_PAGES.includes(page));

  it('exist for every language: English, Swahili and the languages of Nigeria', () => {
    expect(languages).toEqual(expect.arrayContaining(['sw', 'ha', 'yo', 'ig', 'pcm']));
    expect(textPages).toEqual(
      expect.arrayContaining(['translation', 'loader-translation', 'header', 'footer']),
    );
  });

  const cases = languages.flatMap((lang) => textPages.map((page) => [lang, page] as const));
  it.each(cases)('%s/%s has exactly the keys of English', (lang, page) => {
    const enKeys = keyPaths(en[page]).sort();
    const keys = keyPaths(pages[lang]?.[page]).sort();
    expect(pages[lang]?.[page], `${lang}/${page} exists`).toBeDefined();
    expect(
      keys.filter((k) => !enKeys.includes(k)),
      `only in ${lang}`,
    ).toEqual([]);
    expect(
      enKeys.filter((k) => !keys.includes(k)),
      `missing in ${lang}`,
    ).toEqual([]);
  });

  it.each(cases)('%s/%s keeps every placeholder of English', (lang, page) => {
    const placeholders = (text: unknown) =>
      [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const source = (en[page] ?? {}) as Record<string, unknown>;
    const target = (pages[lang]?.[page] ?? {}) as Record<string, unknown>;
    for (const [key, text] of Object.entries(source)) {
      if (typeof text !== 'string') continue;
      expect(placeholders(target[key]), `${lang}/${page} ${key}`).toEqual(placeholders(text));
    }
  });

  /** A form's own messages are shown as written (code `custom`): an English one left there reads as English. */
  const schemaCases = cases.filter(([, page]) => page.endsWith('form-schema'));
  it.each(schemaCases)('%s/%s words its error messages in its own language', (lang, page) => {
    const messages = (catalogue: unknown) =>
      JSON.stringify(catalogue).match(/"errorMessage":"[^"]*"/g) ?? ['(none)'];
    const english = new Set(messages(en[page]));
    expect(messages(pages[lang]?.[page]).filter((m) => english.has(m))).toEqual([]);
  });

  /**
   * design.md §5: a control's accessible name contains its visible text (voice control users say what they see).
   * A button's `X` with a fuller name `XLabel` ('BUY' / 'Buy 1GB for NGN 500') must keep the word shown.
   */
  it.each(Object.keys(pages))('%s: each button label with a fuller name keeps the word shown', (lang) => {
    const missing: string[] = [];
    for (const catalogue of Object.values(pages[lang] ?? {})) {
      const texts = catalogue as Record<string, unknown>;
      for (const [key, shown] of Object.entries(texts)) {
        const name = texts[`${key}Label`];
        // PAY BILL's name is its text followed by this label (invoice-table.tsx).
        if (typeof shown !== 'string' || typeof name !== 'string' || key === 'fixedInternet.payBill')
          continue;
        if (!name.toLocaleLowerCase(lang).includes(shown.toLocaleLowerCase(lang)))
          missing.push(`${key}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('translation has every key the code asks for, and no empty text', () => {
    // Keys may live in `translation` or in a journey's own catalogue page: look in every English page.
    const catalogue: Record<string, unknown> = Object.assign({}, ...Object.values(en));
    const used = new Set<string>();
    for (const [file, text] of Object.entries(sources)) {
      if (file.endsWith('.test.ts') || file.endsWith('.test.tsx') || file.includes('/testing/')) continue;
      for (const match of text.matchAll(
        /['"`]((?:common|fields|validation|home|recharge|payment|status|about|notFound)\.[A-Za-z0-9_.]+)['"`]/g,
      ))
        used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((key) => !(key in catalogue))).toEqual([]);
    for (const lang of Object.keys(pages)) {
      const texts = (pages[lang]?.translation ?? {}) as Record<string, string>;
      expect(Object.entries(texts).filter(([, text]) => typeof text !== 'string' || !text.trim())).toEqual(
        [],
      );
    }
  });
});
