import { describe, expect, it } from 'vitest';
import { dateLocaleOf, languageCode } from './language.js';

describe('language codes', () => {
  it('take the primary subtag, two or three letters', () => {
    expect(languageCode('SW')).toBe('sw');
    expect(languageCode('sw-KE')).toBe('sw');
    expect(languageCode('pcm')).toBe('pcm');
    expect(languageCode('yo_NG')).toBe('yo');
    expect(languageCode('')).toBeUndefined();
    expect(languageCode('english')).toBeUndefined();
    expect(languageCode('e1')).toBeUndefined();
    expect(languageCode(undefined)).toBeUndefined();
  });
});

describe('the locale of a language’s dates', () => {
  it('is Nigerian English for Nigerian Pidgin, British English (day first) for English, the language otherwise', () => {
    expect(dateLocaleOf('pcm')).toBe('en-NG');
    expect(dateLocaleOf('PCM')).toBe('en-NG');
    expect(dateLocaleOf('pcm-NG')).toBe('en-NG');
    expect(dateLocaleOf('en')).toBe('en-GB');
    expect(dateLocaleOf('en-US')).toBe('en-GB');
    for (const language of ['yo', 'ha', 'ig', 'sw', 'yo-NG']) expect(dateLocaleOf(language)).toBe(language);
  });
});
