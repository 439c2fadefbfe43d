import { describe, expect, it } from 'vitest';
import { createSanitiser, likePercentage, normaliseLanguage } from './service.js';

describe('help service rules', () => {
  it('sanitises answer HTML', async () => {
    const sanitise = await createSanitiser();
    expect(
      sanitise(
        '<p onclick="x()">Hi<script>alert(1)</script> <a href="javascript:alert(1)">a</a> <a href="/storeLocator">b</a></p>',
      ),
    ).toBe('<p>Hi <a>a</a> <a href="/storeLocator">b</a></p>');
    expect(sanitise('<img src=x onerror=alert(1)><strong>ok</strong>')).toBe('<strong>ok</strong>');
  });

  it('rounds the helpful percentage and has none before the first vote', () => {
    expect(likePercentage(0, 0)).toBeNull();
    expect(likePercentage(1, 0)).toBe(100);
    expect(likePercentage(2, 1)).toBe(67);
    expect(likePercentage(1, 2)).toBe(33);
    expect(likePercentage(0, 5)).toBe(0);
  });

  it('normalises language codes', () => {
    expect(normaliseLanguage('SW')).toBe('sw');
    expect(normaliseLanguage('sw-KE')).toBe('sw');
    expect(normaliseLanguage(undefined)).toBe('en');
    expect(normaliseLanguage('1')).toBe('en');
  });
});
