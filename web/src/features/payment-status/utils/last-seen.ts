import type { TransactionStatusResult } from '@portal/contract/api/payments';

/**
 * The last status this phone saw of each recent payment (localStorage), so that a status page opened
 * offline shows its last known result and when it was seen. Only the newest few are kept.
 */
const KEY = 'paymentsSeen';
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
