/** The receipt's labels in every language the portal speaks (English for any other). */
export const RECEIPT_LANGUAGES = ['en', 'sw', 'ha', 'yo', 'ig', 'pcm'] as const;
type ReceiptLanguage = (typeof RECEIPT_LANGUAGES)[number];

export type ReceiptTexts = {
  title: string;
  reference: string;
  date: string;
  item: string;
  number: string;
  amount: string;
  method: string;
  result: string;
  care: string;
  success: string;
  refunded: string;
  failed: string;
  card: string;
  airtime: string;
  wallet: string;
};

export const RECEIPT_TEXTS: Record<ReceiptLanguage, ReceiptTexts> = {
  en: {
    title: 'Payment receipt',
    reference: 'Reference',
    date: 'Date and time',
    item: 'Purchase',
    number: 'For number',
    amount: 'Amount',
    method: 'Paid with',
    result: 'Result',
    care: 'Customer care',
    success: 'Successful',
    refunded: 'Not successful - money returned',
    failed: 'Not successful',
    card: 'Card',
    airtime: 'Airtime',
    wallet: 'Mobile wallet',
  },
  sw: {
    title: 'Risiti ya malipo',
    reference: 'Kumbukumbu',
    date: 'Tarehe na saa',
    item: 'Ununuzi',
    number: 'Kwa namba',
    amount: 'Kiasi',
    method: 'Imelipwa kwa',
    result: 'Matokeo',
    care: 'Huduma kwa wateja',
    success: 'Imefanikiwa',
    refunded: 'Haikufanikiwa - pesa imerudishwa',
    failed: 'Haikufanikiwa',
    card: 'Kadi',
    airtime: 'Salio la simu',
    wallet: 'Pochi ya simu',
  },
  ha: {
    title: 'Rasit na biya',
    reference: 'Lambar shaida',
    date: 'Kwanan wata da lokaci',
    item: 'Abin da aka saya',
    number: 'Don lamba',
    amount: 'Adadin kuɗi',
    method: 'An biya da',
    result: 'Sakamako',
    care: 'Kulawar abokan ciniki',
    success: 'Ya yi nasara',
    refunded: 'Bai yi nasara ba - an mayar da kuɗin',
    failed: 'Bai yi nasara ba',
    card: 'Kati',
    airtime: 'Katin waya',
    wallet: 'Walat na waya',
  },
  yo: {
    title: 'Rìsíìtì ìsanwó',
    reference: 'Nọ́mbà ìtọ́kasí',
    date: 'Ọjọ́ àti àkókò',
    item: 'Ohun tí ẹ rà',
    number: 'Fún nọ́mbà',
    amount: 'Iye owó',
    method: 'Ẹ fi sanwó',
    result: 'Àbájáde',
    care: 'Ìtọ́jú oníbàárà',
    success: 'Ó yọrí sí rere',
    refunded: 'Kò yọrí sí rere - a ti dá owó padà',
    failed: 'Kò yọrí sí rere',
    card: 'Káàdì',
    airtime: 'Káàdì ìpè',
    wallet: 'Wálẹ́ẹ̀tì orí fóònù',
  },
  ig: {
    title: 'Akwụkwọ nnata ịkwụ ụgwọ',
    reference: 'Ntụaka',
    date: 'Ụbọchị na oge',
    item: 'Ihe ịzụrụ',
    number: 'Maka nọmba',
    amount: 'Ego',
    method: 'Ejiri kwụọ',
    result: 'Nsonaazụ',
    care: 'Ndị na-elekọta ndị ahịa',
    success: 'Ọ gara nke ọma',
    refunded: 'Ọ gaghị nke ọma - e nyeghachiri ego',
    failed: 'Ọ gaghị nke ọma',
    card: 'Kaadị',
    airtime: 'Kredit ekwentị',
    wallet: 'Walet ekwentị',
  },
  pcm: {
    title: 'Payment receipt',
    reference: 'Reference',
    date: 'Date and time',
    item: 'Wetin you buy',
    number: 'For number',
    amount: 'Amount',
    method: 'You pay with',
    result: 'Result',
    care: 'Customer care',
    success: 'E don go well',
    refunded: 'E no work - dem don return the money',
    failed: 'E no work',
    card: 'Card',
    airtime: 'Airtime',
    wallet: 'Mobile wallet',
  },
};

export function receiptTexts(language: string): ReceiptTexts {
  return (RECEIPT_LANGUAGES as readonly string[]).includes(language)
    ? RECEIPT_TEXTS[language as ReceiptLanguage]
    : RECEIPT_TEXTS.en;
}
