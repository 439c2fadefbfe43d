import { dateLocaleOf } from '@portal/contract/language';

/**
 * Languages whose month names and date patterns every browser we serve holds. Chromium's own ICU has no date
 * data for Hausa, Yoruba or Igbo and writes their dates in English ('November 29, 2026 at 2:44 PM' on a Yoruba
 * page), while Node's full ICU writes them in the language: one fixed list, not a test of the runtime, so that
 * the server's render and the browser's agree. Nigerian Pidgin is written with English month names in Nigeria's
 * form ('en-NG', which both hold: dateLocaleOf), not ICU's own Pidgin data ('Disẹ́mba').
 */
const NAMED_DATE_LANGUAGES = new Set(['en', 'sw', 'pcm']);

type DateParts = {
  /** The day: month by name ('long': 29 November 2026, 'medium': 29 Nov 2026), or none. */
  date?: 'long' | 'medium';
  /** The time of day, hours and minutes. */
  time?: boolean;
  timeZone?: string;
};

/**
 * A moment in the page's language; where month names are not held for it, in numbers everyone reads the same
 * way ('29/11/2026, 15:09'). Minutes always take two digits (Yoruba's short time pattern writes '15:9').
 */
export function formatMoment(at: Date | number, language: string, parts: DateParts): string {
  const { date, time, timeZone } = parts;
  const primary = language.toLowerCase().split('-')[0] ?? '';
  const named = NAMED_DATE_LANGUAGES.has(primary);
  const options: Intl.DateTimeFormatOptions = {
    ...(date
      ? named
        ? { day: 'numeric', month: date === 'long' ? 'long' : 'short', year: 'numeric' }
        : { day: '2-digit', month: '2-digit', year: 'numeric' }
      : {}),
    // 24 hours in every language (en-GB, en-NG and Swahili write them so of themselves).
    ...(time ? { hour: 'numeric', minute: '2-digit', hourCycle: 'h23' as const } : {}),
    ...(timeZone ? { timeZone } : {}),
  };
  // Numbers only in en-GB's order (day first, as the spec writes dates); English and Pidgin: dateLocaleOf.
  const locale = named ? dateLocaleOf(language) : 'en-GB';
  return new Intl.DateTimeFormat(locale, options).format(at);
}

/**
 * A calendar day as the API sends it ('2026-09-28': an invoice's period and due date) as the app writes dates
 * in the page's language: '28 Sept 2026' in English, '28/09/2026' where browsers hold no month names. In UTC,
 * so that the day stays itself whatever the phone's time zone. Anything else is shown as it came.
 */
export function formatCalendarDay(day: string, language: string): string {
  const at = /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00Z`) : new Date(NaN);
  return Number.isNaN(at.getTime()) ? day : formatMoment(at, language, { date: 'medium', timeZone: 'UTC' });
}
