import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatMoment } from './dates';

const AT = new Date('2026-11-29T14:09:00Z');
const LAGOS = 'Africa/Lagos';

describe('a moment in the page language', () => {
  it('names the month in English and Swahili, the day first', () => {
    expect(formatMoment(AT, 'en', { date: 'long', timeZone: LAGOS })).toBe('29 November 2026');
    expect(formatMoment(AT, 'sw', { date: 'long', timeZone: LAGOS })).toBe('29 Novemba 2026');
  });

  it('names the month in English in Pidgin, as Nigeria writes it, not in ICU’s own Pidgin spellings', () => {
    expect(formatMoment(AT, 'pcm', { date: 'long', timeZone: LAGOS })).toBe('29 November 2026');
    expect(formatMoment(AT, 'pcm', { date: 'long', time: true, timeZone: LAGOS })).toBe(
      '29 November 2026 at 15:09',
    );
    expect(formatMoment(AT, 'pcm', { date: 'medium', time: true, timeZone: LAGOS })).toBe(
      '29 Nov 2026, 15:09',
    );
  });

  it('writes it in numbers where browsers hold no month names (Hausa, Yoruba, Igbo), not in English', () => {
    for (const language of ['ha', 'yo', 'ig']) {
      expect(formatMoment(AT, language, { date: 'long', time: true, timeZone: LAGOS }), language).toBe(
        '29/11/2026, 15:09',
      );
    }
  });

  it('always writes the minutes with two digits (Yoruba short time pattern writes 15:9)', () => {
    const nine = new Date('2026-11-29T14:09:00Z');
    for (const language of ['en', 'sw', 'yo', 'ha', 'pcm']) {
      expect(formatMoment(nine, language, { time: true, timeZone: LAGOS }), language).toBe('15:09');
    }
  });

  it("writes a calendar day (an invoice's) as the app writes dates in the page's language, not as ISO days", () => {
    expect(formatCalendarDay('2026-09-28', 'en')).toMatch(/^28 Sept? 2026$/);
    expect(formatCalendarDay('2026-12-27', 'sw')).toBe('27 Des 2026');
    // Pidgin: English month names, as Nigeria writes them (en-NG).
    expect(formatCalendarDay('2026-12-27', 'pcm')).toBe('27 Dec 2026');
    for (const language of ['ha', 'yo', 'ig'])
      expect(formatCalendarDay('2026-12-27', language)).toBe('27/12/2026');
    // The first and last days of a month stay themselves whatever the phone's time zone.
    expect(formatCalendarDay('2026-10-01', 'yo')).toBe('01/10/2026');
    expect(formatCalendarDay('2026-10-31', 'yo')).toBe('31/10/2026');
    expect(formatCalendarDay('not a day', 'en')).toBe('not a day');
  });
});
