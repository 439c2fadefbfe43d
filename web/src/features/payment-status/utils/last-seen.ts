import type { TransactionStatusResult } from '@portal/contract/api/payments';
import { PAYMENTS_SEEN_KEY as KEY } from './seen-key';

/**
 * The last status this phone saw of each recent payment (localStorage): the visitor's list of recent
 * payments, and what a status page opened offline shows (with when it was seen). Only the newest few are
 * kept, and only on this phone.
 */
const KEEP = 10;

export type SeenRecord = { record: TransactionStatusResult; seenAt: number };

function readAll(): Record<string, SeenRecord> {
  try {
    const raw = localStorage.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, SeenRecord>) : {};
  } catch {
    return {};
  }
}

export function rememberSeen(id: string, record: TransactionStatusResult, now = Date.now()): void {
  const all = { ...readAll(), [id]: { record, seenAt: now } };
  const newest = Object.entries(all)
    .sort(([, a], [, b]) => b.seenAt - a.seenAt)
    .slice(0, KEEP);
  try {
    localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(newest)));
  } catch {
    // Storage full or disabled: the page simply has no offline copy.
  }
}

export function lastSeen(id: string): SeenRecord | undefined {
  const seen = readAll()[id];
  return seen && typeof seen.seenAt === 'number' && seen.record ? seen : undefined;
}

/** This phone's recent payments, newest first (nothing of it leaves the phone). */
export function recentPayments(): { id: string; seen: SeenRecord }[] {
  return Object.entries(readAll())
    .filter(([, seen]) => typeof seen?.seenAt === 'number' && Boolean(seen.record))
    .sort(([, a], [, b]) => b.seenAt - a.seenAt)
    .map(([id, seen]) => ({ id, seen }));
}

export function forgetPayments(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Storage disabled: there is nothing kept to forget.
  }
}
