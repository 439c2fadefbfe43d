/**
 * A language as the API takes it: the primary subtag of a BCP 47 tag, two or three letters, lower case
 * ('SW', 'sw-KE' -> 'sw'; 'pcm' -> 'pcm' for Nigerian Pidgin). Anything else is not a language.
 */
export function languageCode(value: string | undefined | null): string | undefined {
  const primary = (value ?? '').trim().split(/[-_]/)[0]!.toLowerCase();
  return /^[a-z]{2,3}$/.test(primary) ? primary : undefined;
}

/**
 * The locale a language's dates are written in (Intl), for the pages and the receipts alike. English puts the
 * day first, as the spec writes dates and the markets do ('7 December 2026 at 13:03'; plain `en` is American:
 * 'December 7, 2026 at 1:03 PM'). Nigerian Pidgin readers write English month names in Nigeria's form: ICU's
 * own `pcm` data spells the months in a Yoruba-looking way ('7 Disẹ́mba 2026 fọ 13:03'), and browsers hold
 * none. `en-GB` and `en-NG` are held by Node's full ICU and by Chromium alike. Every other language is its own.
 */
const DATE_LOCALES: Readonly<Record<string, string>> = { en: 'en-GB', pcm: 'en-NG' };

export function dateLocaleOf(language: string): string {
  return DATE_LOCALES[languageCode(language) ?? ''] ?? language;
}
