import { dateLocaleOf } from '@portal/contract/language';

/**
 * Amounts and dates as the subscriber's language writes them (Intl, Node's full ICU): a market's languages
 * with its country ('yo-NG'); a language ICU lacks falls back to English by Intl's own rules.
 */
export function localeOf(language: string, country: string): string {
  return `${language}-${country}`;
}

export function formatMoney(amount: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 2 }).format(
    amount,
  );
}

/**
 * A date and time of day as the language writes them. Minutes are asked for with two digits: the short time
 * style of Yoruba's locale data writes 13:03 as "13:3". Nigerian Pidgin is written with English month names as
 * Nigeria writes them (dateLocaleOf: 'en-NG', '7 December 2026 at 13:03'), not ICU's own 'Disẹ́mba ... fọ'.
 */
export function formatDateTime(date: Date, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(dateLocaleOf(locale), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(date);
}
