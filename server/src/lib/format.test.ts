import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format.js';

describe('a date and time as each language writes it', () => {
  const moment = new Date('2026-12-07T12:03:00Z');

  it("keeps the minutes' two digits in Yoruba, whose short time style drops the zero", () => {
    expect(formatDateTime(moment, 'yo', 'Africa/Lagos')).toMatch(/ní 13:03$/);
  });

  it.each([
    // English: the day first and 24 hours, as the pages write it (not plain en's 'December 7, 2026 at 1:03 PM').
    ['en', '7 December 2026 at 13:03'],
    ['ha', '7 Disamba, 2026 da 13:03'],
    ['ig', '7 Disemba 2026 na 13:03'],
    // Pidgin: English month names as Nigeria writes them, 24 hours; not ICU's pcm data ('7 Disẹ́mba 2026 fọ 13:03').
    ['pcm', '7 December 2026 at 13:03'],
  ])('%s: %s', (language, text) => {
    expect(formatDateTime(moment, language, 'Africa/Lagos')).toBe(text);
  });
});
