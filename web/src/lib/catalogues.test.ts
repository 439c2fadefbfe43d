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

describe('content catalogues', () => {
  const en = pages.en ?? {};
  const sw = pages.sw ?? {};
  const shared = Object.keys(en).filter((page) => page in sw);

  it('exist for both languages', () => {
    expect(shared).toEqual(expect.arrayContaining(['translation', 'loader-translation', 'header', 'footer']));
  });

  it.each(shared)('%s has the same keys in en and sw', (page) => {
    const enKeys = keyPaths(en[page]).sort();
    const swKeys = keyPaths(sw[page]).sort();
    expect(
      swKeys.filter((k) => !enKeys.includes(k)),
      'only in sw',
    ).toEqual([]);
    expect(
      enKeys.filter((k) => !swKeys.includes(k)),
      'only in en',
    ).toEqual([]);
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
    for (const lang of ['en', 'sw']) {
      const texts = (pages[lang]?.translation ?? {}) as Record<string, string>;
      expect(Object.entries(texts).filter(([, text]) => typeof text !== 'string' || !text.trim())).toEqual(
        [],
      );
    }
  });
});
