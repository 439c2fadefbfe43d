/** Nigeria: numbers live in the database in international form 234XXXXXXXXXX. */
export const COUNTRY_CODE = '234';

/**
 * Any form a person or the portal may use (8021000001, 08021000001, 2348021000001, +234 802 100 0001) becomes
 * 2348021000001; anything that is not a Nigerian mobile number becomes null.
 */
export function toInternational(raw: unknown): string | null {
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const digits = String(raw).replace(/\D/g, '');
  if (/^234\d{10}$/.test(digits)) return digits;
  if (/^0\d{10}$/.test(digits)) return COUNTRY_CODE + digits.slice(1);
  if (/^\d{10}$/.test(digits)) return COUNTRY_CODE + digits;
  return null;
}

/** 2348021000001 -> 0802 100 0001, the way a subscriber reads their own number. */
export function toLocalDisplay(msisdn: string): string {
  const local = '0' + msisdn.slice(COUNTRY_CODE.length);
  return `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}`;
}
