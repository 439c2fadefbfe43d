import { errorNameOfText, errorText, textLanguage, type ErrorLanguage } from '@portal/contract/error-texts';

/**
 * Why a payment did not succeed, in the language of the page that shows it. A payment keeps the reason it
 * was given (our own English words, or the provider's: 'Declined', 'WALLET_LOCKED'); the status call answers
 * it in the request's language when it is one of the reasons below or a text of the error catalogue, and in
 * the provider's own words otherwise (a provider's new reason is shown rather than hidden).
 */
type Reason = 'declined' | 'cancelled' | 'notInTime' | 'notCompleted' | 'refunded' | 'refundedLate';

const TEXTS: Record<Reason, Record<ErrorLanguage, string>> = {
  declined: {
    en: 'Payment declined',
    sw: 'Malipo yamekataliwa',
    ha: 'An ƙi biyan kuɗin',
    yo: 'A kọ ìsanwó náà',
    ig: 'A jụrụ ịkwụ ụgwọ ahụ',
    pcm: 'Dem no accept the payment',
  },
  cancelled: {
    en: 'Payment cancelled',
    sw: 'Malipo yameghairiwa',
    ha: 'An soke biyan kuɗin',
    yo: 'A fagilé ìsanwó náà',
    ig: 'Akagburu ịkwụ ụgwọ ahụ',
    pcm: 'Dem cancel the payment',
  },
  notInTime: {
    en: 'Payment was not completed in time',
    sw: 'Malipo hayakukamilika kwa wakati',
    ha: 'Ba a kammala biyan kuɗin a kan lokaci ba',
    yo: 'Ìsanwó náà kò parí ní àkókò',
    ig: "Emechaghị ịkwụ ụgwọ ahụ n'oge",
    pcm: 'The payment no finish on time',
  },
  notCompleted: {
    en: 'The payment was not completed',
    sw: 'Malipo hayakukamilika',
    ha: 'Ba a kammala biyan kuɗin ba',
    yo: 'Ìsanwó náà kò parí',
    ig: 'Emechaghị ịkwụ ụgwọ ahụ',
    pcm: 'The payment no finish',
  },
  refunded: {
    en: 'We could not deliver your purchase. Your payment has been refunded.',
    sw: 'Hatukuweza kukuletea ulichonunua. Pesa yako imerudishwa.',
    ha: 'Ba mu iya isar muku da abin da kuka saya ba. An mayar muku da kuɗinku.',
    yo: 'A kò lè fi ohun tí ẹ rà ránṣẹ́ sí yín. A ti dá owó yín padà.',
    ig: 'Anyị enweghị ike iziga ihe ị zụrụ. E nyeghachiri gị ego gị.',
    pcm: 'We no fit deliver wetin you buy. We don return your money.',
  },
  refundedLate: {
    en: 'Our network could not deliver your purchase in time. Your payment has been refunded.',
    sw: 'Mtandao wetu haukuweza kukuletea ulichonunua kwa wakati. Pesa yako imerudishwa.',
    ha: 'Hanyar sadarwarmu ba ta iya isar muku da abin da kuka saya a kan lokaci ba. An mayar muku da kuɗinku.',
    yo: 'Nẹ́tíwọ̀ọ̀kì wa kò lè fi ohun tí ẹ rà ránṣẹ́ sí yín ní àkókò. A ti dá owó yín padà.',
    ig: "Netwọk anyị enweghị ike iziga ihe ị zụrụ n'oge. E nyeghachiri gị ego gị.",
    pcm: 'Our network no fit deliver wetin you buy on time. We don return your money.',
  },
};

/**
 * The reasons as stored (lower case): ours (the English texts above), the providers' words and codes, and the
 * adapters' own English words for an outcome (a reversed airtime debit, a reference the provider never saw).
 * `unsaid`: the payments' bookkeeping of a start (for the operator, in the transaction's events), which tells
 * a payer nothing the status does not.
 */
const STORED: Record<string, Reason | 'WALLET_LOCKED' | 'INSUFFICIENT_BALANCE' | 'unsaid'> = {
  ...Object.fromEntries(
    (Object.keys(TEXTS) as Reason[]).map((reason) => [TEXTS[reason].en.toLowerCase(), reason]),
  ),
  declined: 'declined',
  'transaction declined': 'declined',
  cancelled: 'cancelled',
  'transaction cancelled': 'cancelled',
  'the transaction passed the payment time limit': 'notInTime',
  'the transaction was not completed': 'notCompleted',
  // The catalogue's words, as a PIN debit refused for the same cause says them (one text for one cause).
  insufficient_funds: 'INSUFFICIENT_BALANCE',
  'insufficient funds in the wallet': 'INSUFFICIENT_BALANCE',
  wallet_locked: 'WALLET_LOCKED',
  'the airtime debit was reversed': 'notCompleted',
  'transaction reference not found': 'notCompleted',
  'payment not found': 'notCompleted',
  'waiting for the provider': 'unsaid',
  'the provider had the start': 'unsaid',
  'the provider had the previous start': 'unsaid',
  'start refused': 'unsaid',
};

/** The English words the payments store as a reason: the keys of the translations above. */
export const REASONS = {
  declined: TEXTS.declined.en,
  cancelled: TEXTS.cancelled.en,
  notInTime: TEXTS.notInTime.en,
  refunded: TEXTS.refunded.en,
  refundedLate: TEXTS.refundedLate.en,
};

/**
 * `lockedParams` gives the wallet's name, the customer care number and the PIN reset dial of the catalogue's
 * WALLET_LOCKED text; asked only for that reason.
 */
export async function statusReasonIn(
  stored: string | null,
  language: string,
  lockedParams: () => Promise<Record<string, string>>,
): Promise<string | null> {
  if (!stored) return stored;
  const known = STORED[stored.trim().toLowerCase()];
  if (known === 'unsaid') return null;
  if (known === 'WALLET_LOCKED') return errorText('WALLET_LOCKED', language, await lockedParams());
  if (known === 'INSUFFICIENT_BALANCE') return errorText('INSUFFICIENT_BALANCE', language);
  if (known) return TEXTS[known][textLanguage(language)];
  const catalogued = errorNameOfText(stored);
  return catalogued ? errorText(catalogued, language) : stored;
}
