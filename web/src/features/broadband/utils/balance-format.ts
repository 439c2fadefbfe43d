import type { BalanceEntry } from '@portal/contract/api/bills';
import { formatMoment } from '@/lib/dates';

/** Spec §3: an unlimited balance shows as '-'. */
export const UNLIMITED_BALANCE = '-';

export function isUnlimited(entry: Pick<BalanceEntry, 'balanceType' | 'balance'>): boolean {
  return entry.balance === null || /unlimited/i.test(entry.balanceType);
}

/** '10 GB', '512 MB', '-' for an unlimited balance. */
export function balanceText(entry: Pick<BalanceEntry, 'balanceType' | 'balance' | 'unitType'>): string {
  if (isUnlimited(entry)) return UNLIMITED_BALANCE;
  const value = entry.balance!.toLocaleString('en-US', { maximumFractionDigits: 2 });
  return `${value} ${entry.unitType}`.trim();
}

/** Spec §3: the expiry shows as day, long month, year ('12 December 2026'); undefined when it never expires. */
export function expiryText(expireTime: string | null, language = 'en'): string | undefined {
  if (!expireTime) return undefined;
  const date = new Date(expireTime);
  if (Number.isNaN(date.getTime())) return undefined;
  return formatMoment(date, language, { date: 'long', timeZone: 'Africa/Lagos' });
}
