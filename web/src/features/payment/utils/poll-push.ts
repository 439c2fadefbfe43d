import { PUSH_POLL_INTERVAL_MS } from '@portal/contract/rules';
import { sleep } from '@/lib/sleep';

/**
 * Push-prompt payments (mobile money without PIN, MPESA; spec §4): while the payer has not answered the
 * prompt on the phone the status is IN_PROCESS. It is asked every 10 s; MPESA gives up after `maxTries`
 * (configData.paymentMaxTry, default `DEFAULT_PAYMENT_MAX_TRY`). Resolves with the last status seen.
 */
export const PUSH_PENDING_STATUS = 'IN_PROCESS';
// Re-exported so that the payment panels' tests can shorten the wait by mocking this one module.
export { PUSH_POLL_INTERVAL_MS };

export type PushPollDeps = {
  getStatus: (id: string, signal?: AbortSignal) => Promise<{ status: string }>;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  intervalMs?: number;
  /** Undefined: ask until the prompt is answered (or the server expires the payment). */
  maxTries?: number;
  signal?: AbortSignal;
};

/** A failed status call is asked again at the next tick; this many failures in a row end the wait. */
export const MAX_FAILED_POLLS = 3;

export async function pollPush(id: string, deps: PushPollDeps): Promise<string> {
  const wait = deps.sleep ?? sleep;
  const interval = deps.intervalMs ?? PUSH_POLL_INTERVAL_MS;
  let failures = 0;
  let last: string = PUSH_PENDING_STATUS;
  for (let tries = 1; ; tries++) {
    await wait(interval, deps.signal);
    try {
      last = (await deps.getStatus(id, deps.signal)).status;
      failures = 0;
    } catch (error) {
      if (deps.signal?.aborted) throw error;
      console.warn('[payment] status poll failed', id, error);
      if (++failures >= MAX_FAILED_POLLS) throw error;
    }
    if (String(last).toUpperCase() !== PUSH_PENDING_STATUS) return last;
    if (deps.maxTries !== undefined && tries >= deps.maxTries) return last;
  }
}
