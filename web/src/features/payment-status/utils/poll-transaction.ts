import type { TransactionStatusResult } from '@portal/contract/api/payments';
import { normaliseStatus } from './status-view';
import { sleep } from '@/lib/sleep';

export const STATUS_POLL_ATTEMPTS = 5;
export const STATUS_POLL_INTERVAL_MS = 1000;

export type PollDeps = {
  getStatus: (id: string, signal?: AbortSignal) => Promise<Pick<TransactionStatusResult, 'status'>>;
  getRecord: (id: string, signal?: AbortSignal) => Promise<TransactionStatusResult>;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  attempts?: number;
  intervalMs?: number;
  signal?: AbortSignal;
};

/**
 * Spec §4: the status is polled once per second while it is REQUEST_REGISTERED (ALREADY_PROCESSED counts
 * as REQUEST_REGISTERED) and the attempt counter is within 5; then the final record is loaded.
 */
export async function pollTransaction(id: string, deps: PollDeps): Promise<TransactionStatusResult> {
  const attempts = deps.attempts ?? STATUS_POLL_ATTEMPTS;
  const wait = deps.sleep ?? sleep;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const { status } = await deps.getStatus(id, deps.signal);
    if (normaliseStatus(status) !== 'REQUEST_REGISTERED') break;
    if (attempt < attempts) await wait(deps.intervalMs ?? STATUS_POLL_INTERVAL_MS, deps.signal);
  }
  return deps.getRecord(id, deps.signal);
}
