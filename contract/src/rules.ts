/**
 * Validation rules of spec §5, written once and used by the web forms and the server schemas.
 * Plain functions and regular expressions (no zod) so the first page can use them for a few bytes.
 */

export const COUNTRY_CODE = '234';
export const MSISDN_LENGTH = 10;
export const OTP_LENGTH = 6;
export const PIN_LENGTH = 4;
export const OTP_ATTEMPTS = 5;
export const PIN_ATTEMPTS = 5;
/** A push-prompt payment's status is asked this often while the payer has not answered (spec §4). */
export const PUSH_POLL_INTERVAL_MS = 10_000;
/** How many times MPESA's status is asked unless configData.paymentMaxTry says otherwise (spec §4). */
export const DEFAULT_PAYMENT_MAX_TRY = 10;

export const MSG = {
  invalidMobile: 'Invalid Mobile No',
  phoneRequired: 'Phone No is required',
  airtimePhoneRequired: 'Please enter Phone No',
  airtimePhoneInvalid: 'Please enter valid phone no',
  minAmount: 'Minimum amount should be',
  maxAmount: 'Maximum amount should be',
  invalidAccount: 'Invalid Account Number',
  invalidEmail: 'Invalid Email Id',
  emailRequired: 'Email is required',
  airtimeEmailRequired: 'Email id is required',
  airtimeEmailInvalid: 'Please enter valid email',
  // Not in the spec: a line cannot recharge itself with its own airtime (it would debit and credit itself).
  airtimeSelfRecharge: 'Pay from another number: a line cannot recharge itself with its own airtime',
  // Not in the spec: the check of a number got no answer (offline, the server busy); the number may be right.
  lineUnchecked: 'We could not check this number. Check your connection and try again.',
  // Not in the spec: an amount typed with kobo where whole amounts are asked ('digits only', spec §5).
  wholeAmount: 'Enter a whole amount, without decimals',
  // Not in the spec: a postpaid number on the data bundle page while postpaid bundles are off is no invalid number.
  postpaidBundlesOff: 'Postpaid lines cannot buy bundles here',
} as const;

/** Typing strips non-digits and keeps at most `max` digits. */
export function digitsOnly(value: string, max?: number): string {
  const digits = value.replace(/\D/g, '');
  return max === undefined ? digits : digits.slice(0, max);
}

/**
 * A mobile number as typed or sent by a form: the national number's digits, at most 10 (spec §5). Nigerians
 * write their numbers with the trunk 0 (0802 100 0004) or the country code (+234 802 100 0004); the field
 * shows +234 and holds the number without its leading 0 (design §8), so the 0 or the 234 in front is left out
 * instead of cutting the number's last digit off ('08021000004' was kept as '0802100000', another number).
 */
export function typedMobileNumber(
  value: string,
  { countryCode = COUNTRY_CODE, length = MSISDN_LENGTH }: { countryCode?: string; length?: number } = {},
): string {
  const digits = digitsOnly(value);
  if (digits.startsWith('0')) return digits.replace(/^0+/, '').slice(0, length);
  if (digits.length > length && digits.startsWith(countryCode))
    return digits.slice(countryCode.length, countryCode.length + length);
  return digits.slice(0, length);
}

/** The characters a mobile number field takes as typed or pasted: '+234 802 100 0004' with its spaces. */
export const TYPED_MOBILE_NUMBER_CHARS = 20;

/** The digits an amount keeps before its decimal point. */
export const AMOUNT_DIGITS = 7;

/**
 * An amount field's text as typed or pasted: digits, and one decimal point with at most two decimals ('1,000.50'
 * is '1000.50'). The point stays even where whole amounts are asked: with it dropped, '500.00' read as 50000,
 * a hundred times what was meant; `amountErrorOf` refuses the kobo instead.
 */
export function typedAmount(value: string, maxDigits = AMOUNT_DIGITS): string {
  const [whole = '', ...rest] = value.replace(/[^\d.]/g, '').split('.');
  const naira = whole.slice(0, maxDigits);
  return rest.length > 0 ? `${naira}.${rest.join('').slice(0, 2)}` : naira;
}

export const MSISDN_RE = /^\d{10}$/;
export const EMAIL_RE = /^[A-Za-z0-9][A-Za-z0-9._]*@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** Fixed-internet account: two letters, the first P or E, then 10 digits (e.g. PA0000000001). */
export const FIXED_ACCOUNT_RE = /^[PE][A-Z]\d{10}$/;
export const POSTPAID_ACCOUNT_RE = /^\d{10}$/;
export const OTP_RE = /^\d{6}$/;
export const PIN_RE = /^\d{4}$/;

export function isMsisdn(value: string): boolean {
  return MSISDN_RE.test(value);
}

export function isEmail(value: string): boolean {
  return EMAIL_RE.test(value);
}

/** 'Email is required' / 'Invalid Email Id' (or the airtime form's texts). */
export function emailError(value: string, airtimeForm = false): string | undefined {
  if (!value.trim()) return airtimeForm ? MSG.airtimeEmailRequired : MSG.emailRequired;
  if (!isEmail(value.trim())) return airtimeForm ? MSG.airtimeEmailInvalid : MSG.invalidEmail;
  return undefined;
}

/**
 * The payment email, on the server as in the browser (spec §2, §5): the card and MPESA panels ask for it
 * ('Email is required' / 'Invalid Email Id'), the airtime panel too, with its own texts; the wallet panels do
 * not, so there it may be empty, but an email that is sent must be valid (it is kept with the payment).
 */
const EMAIL_FORM_OF_MODE: Readonly<Record<string, 'payment' | 'airtime'>> = {
  PAYMENT_GATEWAY: 'payment',
  HBB_LEADS: 'payment',
  MPESA: 'payment',
  AIR_TIME: 'airtime',
  HBB_AIRTIME: 'airtime',
};

export function paymentEmailError(paymentMode: string, email: string): string | undefined {
  const form = EMAIL_FORM_OF_MODE[paymentMode];
  if (form) return emailError(email, form === 'airtime');
  return email.trim() ? emailError(email) : undefined;
}

/** Mobile-number message before the server check: empty is 'Phone No is required'. */
export function msisdnError(value: string, airtimeForm = false): string | undefined {
  if (!value) return airtimeForm ? MSG.airtimePhoneRequired : MSG.phoneRequired;
  if (!isMsisdn(value)) return airtimeForm ? MSG.airtimePhoneInvalid : undefined;
  return undefined;
}

/**
 * Airtime pays for everything but a prepaid recharge of the payer's own line; recharging another number
 * from one's airtime is a transfer and allowed. Numbers compare in any of their forms.
 */
export function airtimePayerError(
  transactionType: string,
  recipient: string,
  payer: string,
): string | undefined {
  const national = (n: string) => digitsOnly(n).slice(-MSISDN_LENGTH);
  return transactionType === 'PREPAID_RECHARGE' && national(recipient) === national(payer)
    ? MSG.airtimeSelfRecharge
    : undefined;
}

export function fixedAccountError(value: string): string | undefined {
  return FIXED_ACCOUNT_RE.test(value.trim().toUpperCase()) ? undefined : MSG.invalidAccount;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * Languages whose numbers CLDR writes as 1,234,567.50 (rules.test.ts checks each against Intl). Their amounts
 * are written here without Intl: a page's first Intl call loads the locale data, 85-270 ms of main thread in
 * Chromium at 4x CPU slowdown (a cheap phone's speed) on our 2-core machine, and on the status page it was
 * the largest single cost of hydration.
 */
const COMMA_GROUPED_LANGUAGES = new Set(['en', 'sw', 'ha', 'yo', 'ig', 'pcm']);

/** Kobo as "1,234.50" (or "1,234" when `digits` is 0), with a leading "-" for a negative amount. */
function commaGrouped(kobo: number, negative: boolean, digits: 0 | 2): string {
  const abs = Math.abs(kobo);
  const naira = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const fraction = digits === 2 ? `.${String(abs % 100).padStart(2, '0')}` : '';
  return `${negative ? '-' : ''}${naira}${fraction}`;
}

function intlFormat(amount: number, language: string, digits: 0 | 2): string {
  const key = `${language}:${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    const options = { minimumFractionDigits: digits, maximumFractionDigits: digits };
    format = new Intl.NumberFormat(
      Intl.NumberFormat.supportedLocalesOf(language).length ? language : 'en',
      options,
    );
    numberFormats.set(key, format);
  }
  return format.format(amount);
}

/**
 * An amount as the language writes numbers, kobo shown only when present: 12345.5 -> "12,345.50", 5000 ->
 * "5,000" in English. The page's language comes from the caller; the server's render and the browser format
 * alike (the same rules, and for other languages the same CLDR data), so hydration sees the same text.
 */
export function formatNaira(amount: number, language = 'en'): string {
  const kobo = Math.round(amount * 100);
  const digits = kobo % 100 === 0 ? 0 : 2;
  // Only an amount of whole kobo takes the short way; any other (1.005) is rounded as Intl rounds it.
  const wholeKobo = kobo / 100 === amount && Math.abs(kobo) < Number.MAX_SAFE_INTEGER;
  if (wholeKobo && COMMA_GROUPED_LANGUAGES.has(language)) {
    return commaGrouped(kobo, amount < 0 || Object.is(amount, -0), digits);
  }
  return intlFormat(amount, language, digits);
}

export type AmountLimits = { min: number; max: number };

/** '******0001': a number shown to someone who may not be its owner. */
export function maskAllButLastFour(digits: string): string {
  return `${'*'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}

/** 'Minimum amount should be NGN 50' / 'Maximum amount should be NGN 50,000'. */
export function amountError(value: string, limits: AmountLimits, currency = 'NGN'): string | undefined {
  if (!value) return undefined;
  const amount = Number(value);
  if (!Number.isFinite(amount)) return undefined;
  if (amount < limits.min) return `${MSG.minAmount} ${currency} ${formatNaira(limits.min)}`;
  if (amount > limits.max) return `${MSG.maxAmount} ${currency} ${formatNaira(limits.max)}`;
  return undefined;
}

/**
 * What is wrong with an amount field's text, if anything: kobo where only whole amounts are taken ('500.00' and
 * '500.' are whole, '100.50' is not), then the limits.
 */
export function amountErrorOf(
  text: string,
  limits: AmountLimits,
  { currency = 'NGN', kobo = false }: { currency?: string; kobo?: boolean } = {},
): string | undefined {
  if (!kobo && /\.\d*[1-9]/.test(text)) return MSG.wholeAmount;
  return amountError(text, limits, currency);
}

/** The international form the server stores and sends: 8021000001 / 08021000001 / 2348021000001 -> 2348021000001. */
export function toInternational(msisdn: string): string {
  const digits = digitsOnly(msisdn);
  if (digits.startsWith(COUNTRY_CODE) && digits.length === COUNTRY_CODE.length + MSISDN_LENGTH) return digits;
  if (digits.startsWith('0') && digits.length === MSISDN_LENGTH + 1) return COUNTRY_CODE + digits.slice(1);
  return COUNTRY_CODE + digits;
}

/** The 10-digit national number without the leading 0. */
export function toNational(msisdn: string): string {
  return toInternational(msisdn).slice(COUNTRY_CODE.length);
}

/** The payment mobile of spec §5: the leading 0 added for Nigeria. */
export function toPaymentMobile(msisdn: string): string {
  return '0' + toNational(msisdn);
}

/** Amounts travel as naira decimals on the wire (spec) and are stored as integer kobo. */
export function toKobo(naira: number): number {
  return Math.round(naira * 100);
}

export function fromKobo(kobo: number): number {
  return kobo / 100;
}
