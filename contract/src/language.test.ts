import { describe, expect, it } from 'vitest';
import { languageCode } from './language.js';

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
