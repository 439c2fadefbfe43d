import type { PaymentContext } from './context.js';

/** How often each instance looks: a take-over waits at most this long after a lease runs out. */
const WATCH_INTERVAL_MS = 1_000;
/** A PAID payment that no run has claimed this long (its job lost, or the queue far behind) is sent again. */
const UNCLAIMED_SECONDS = 5;

/**
 * The payment watch keeps the 30-second rule when a run dies: every second, on every instance that runs
 * jobs, the payments whose value or refund nobody is working on (a fulfilment's lease run out, a refund with
 * no call under way or due for its next try) are handed to a job at once. Reconciliation, 30 s apart by
 * default in production, is too slow for that (decision 0061).
 */
export function watchPayments(ctx: PaymentContext): { stop: () => Promise<void> } {
  let failing = false;
  let looking: Promise<void> | undefined;

  const look = async () => {
    try {
      for (const tx of await ctx.store.adrift(UNCLAIMED_SECONDS)) {
        await ctx.queue.takeOver(tx.id, tx.state === 'PAID' ? 'PAID' : 'REFUND_PENDING');
      }
      failing = false;
    } catch (error) {
      // Once per spell (a database restart fails every look until it is back).
      if (!failing) ctx.log.warn({ err: error }, 'the payment watch could not look; it tries every second');
      failing = true;
    }
  };

  const timer = setInterval(() => {
    looking ??= look().finally(() => (looking = undefined));
  }, WATCH_INTERVAL_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await looking;
    },
  };
}
