import { readData } from '@portal/content';
import { describe, expect, it } from 'vitest';

/** Every `{ en, … }` text of a data file, with where it sits. */
function localisedTexts(value: unknown, at: string): { at: string; languages: string[] }[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => localisedTexts(item, `${at}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  const entries = Object.entries(value);
  if ('en' in value) return [{ at, languages: entries.map(([language]) => language).sort() }];
  return entries.flatMap(([key, inner]) => localisedTexts(inner, `${at}.${key}`));
}

describe('the home-broadband offer files', () => {
  // A language missing from one text falls back to English there, in the middle of a translated page.
  it.each(['devices', 'hbb-plans'])('%s gives every text in every language', (file) => {
    const texts = localisedTexts(readData(file), file);
    expect(texts.length).toBeGreaterThan(3);
    const languages = ['en', 'sw', 'ha', 'yo', 'ig', 'pcm'].sort();
    expect(texts.filter((text) => text.languages.join() !== languages.join())).toEqual([]);
  });
});
