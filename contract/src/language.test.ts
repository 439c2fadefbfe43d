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
  it('is Nigerian English for Nigerian Pidgin (English month names), the language itself otherwise', () => {
    expect(dateLocaleOf('pcm')).toBe('en-NG');
    expect(dateLocaleOf('PCM')).toBe('en-NG');
    expect(dateLocaleOf('pcm-NG')).toBe('en-NG');
    for (const language of ['en', 'yo', 'ha', 'ig', 'sw', 'yo-NG'])
      expect(dateLocaleOf(language)).toBe(language);
  });
});
