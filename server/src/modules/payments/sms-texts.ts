import type { TransactionType } from '@portal/contract';
import { fillIn, textLanguage, type ErrorLanguage } from '@portal/contract/error-texts';

/**
 * The SMS the portal sends when a payment ends, in the language the purchase was made in (the transaction's
 * `language`); English for a language without texts. `{brand}`, `{what}`, `{amount}` and `{ref}` are filled.
 */
export type SmsOutcome = 'success' | 'refunded' | 'failed';

export const SMS_TEXTS: Record<ErrorLanguage, Record<SmsOutcome, string>> = {
  en: {
    success: '{brand}: your {what} of {amount} was successful. Ref {ref}.',
    refunded: '{brand}: your {what} of {amount} was not successful; your money has been returned. Ref {ref}.',
    failed: '{brand}: your {what} of {amount} was not successful. Ref {ref}.',
  },
  sw: {
    success: '{brand}: {what} yako ya {amount} imefanikiwa. Kumb. {ref}.',
    refunded: '{brand}: {what} yako ya {amount} haikufanikiwa; pesa yako imerudishwa. Kumb. {ref}.',
    failed: '{brand}: {what} yako ya {amount} haikufanikiwa. Kumb. {ref}.',
  },
  ha: {
    success: '{brand}: {what} ɗinku na {amount} ya yi nasara. Lamba {ref}.',
    refunded: '{brand}: {what} ɗinku na {amount} bai yi nasara ba; an mayar muku da kuɗinku. Lamba {ref}.',
    failed: '{brand}: {what} ɗinku na {amount} bai yi nasara ba. Lamba {ref}.',
  },
  yo: {
    success: '{brand}: {what} yín ti {amount} ti yọrí sí rere. Nọ́mbà ìtọ́kasí {ref}.',
    refunded: '{brand}: {what} yín ti {amount} kò yọrí sí rere; a ti dá owó yín padà. Nọ́mbà ìtọ́kasí {ref}.',
    failed: '{brand}: {what} yín ti {amount} kò yọrí sí rere. Nọ́mbà ìtọ́kasí {ref}.',
  },
  ig: {
    success: '{brand}: {what} gị nke {amount} gara nke ọma. Ntụaka {ref}.',
    refunded: '{brand}: {what} gị nke {amount} agaghị nke ọma; e nyeghachiri gị ego gị. Ntụaka {ref}.',
    failed: '{brand}: {what} gị nke {amount} agaghị nke ọma. Ntụaka {ref}.',
  },
  pcm: {
    success: '{brand}: your {what} of {amount} don go well. Ref {ref}.',
    refunded: '{brand}: your {what} of {amount} no work; dem don return your money. Ref {ref}.',
    failed: '{brand}: your {what} of {amount} no work. Ref {ref}.',
  },
};

/** What was bought, as the SMS and the receipt name it. */
export const PURCHASE_NAMES: Record<ErrorLanguage, Record<TransactionType, string>> = {
  en: {
    PREPAID_RECHARGE: 'airtime recharge',
    PREPAID_BUNDLES: 'data bundle',
    POSTPAID_BUNDLES: 'data bundle',
    POSTPAID_BILL: 'bill payment',
    BROADBAND_RECHARGE: 'broadband recharge',
    HBB_LEADS: 'home broadband payment',
  },
  sw: {
    PREPAID_RECHARGE: 'kuongeza salio',
    PREPAID_BUNDLES: 'kifurushi cha data',
    POSTPAID_BUNDLES: 'kifurushi cha data',
    POSTPAID_BILL: 'malipo ya bili',
    BROADBAND_RECHARGE: 'kuongeza salio la intaneti',
    HBB_LEADS: 'malipo ya intaneti ya nyumbani',
  },
  ha: {
    PREPAID_RECHARGE: 'sayen kati',
    PREPAID_BUNDLES: 'sayen data',
    POSTPAID_BUNDLES: 'sayen data',
    POSTPAID_BILL: 'biyan bil',
    BROADBAND_RECHARGE: 'sayen intanet',
    HBB_LEADS: 'biyan intanet na gida',
  },
  yo: {
    PREPAID_RECHARGE: 'káàdì ìpè',
    PREPAID_BUNDLES: 'dátà',
    POSTPAID_BUNDLES: 'dátà',
    POSTPAID_BILL: 'ìsanwó bílì',
    BROADBAND_RECHARGE: 'ìntánẹ́ẹ̀tì',
    HBB_LEADS: 'ìsanwó ìntánẹ́ẹ̀tì ilé',
  },
  ig: {
    PREPAID_RECHARGE: 'kredit ekwentị',
    PREPAID_BUNDLES: 'data',
    POSTPAID_BUNDLES: 'data',
    POSTPAID_BILL: 'ịkwụ ụgwọ bil',
    BROADBAND_RECHARGE: 'intaneti',
    HBB_LEADS: 'ịkwụ ụgwọ intaneti ụlọ',
  },
  pcm: {
    PREPAID_RECHARGE: 'airtime recharge',
    PREPAID_BUNDLES: 'data',
    POSTPAID_BUNDLES: 'data',
    POSTPAID_BILL: 'bill payment',
    BROADBAND_RECHARGE: 'broadband recharge',
    HBB_LEADS: 'home internet payment',
  },
};

export function purchaseName(type: TransactionType, language: string): string {
  return PURCHASE_NAMES[textLanguage(language)][type];
}

export function smsText(
  outcome: SmsOutcome,
  language: string,
  values: { brand: string; what: string; amount: string; ref: string },
): string {
  return fillIn(SMS_TEXTS[textLanguage(language)][outcome], values);
}
