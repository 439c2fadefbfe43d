import { fillIn, textLanguage, type ErrorLanguage } from '@portal/contract/error-texts';

/**
 * The one-time code's SMS in the language of the page that asked for it (the request's Accept-Language), so a
 * subscriber who chose Hausa reads the warning not to share the code in Hausa; English for any other language.
 */
const OTP_SMS: Record<ErrorLanguage, string> = {
  en: '{brand}: {code} is your one-time code. It expires in {minutes} minutes. Never share it with anyone.',
  sw: '{brand}: {code} ni nambari yako ya siri ya mara moja. Itaisha baada ya dakika {minutes}. Usimpe mtu yeyote.',
  ha: '{brand}: {code} ita ce lambar sirrinku ta lokaci ɗaya. Za ta ƙare cikin mintuna {minutes}. Kada ku ba kowa ita.',
  yo: '{brand}: {code} ni kóòdù ìgbà kan yín. Yóò parí ní ìṣẹ́jú {minutes}. Ẹ má ṣe fi hàn ẹnikẹ́ni.',
  ig: "{brand}: {code} bụ koodu otu oge gị. Ọ ga-agwụ n'ime nkeji {minutes}. Egosila ya onye ọ bụla.",
  pcm: '{brand}: {code} na your one-time code. E go expire for {minutes} minutes. No show am to anybody.',
};

export function otpSmsText(
  language: string,
  values: { brand: string; code: string; minutes: number },
): string {
  return fillIn(OTP_SMS[textLanguage(language)], values);
}
