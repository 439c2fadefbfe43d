import type { Logger } from '../../lib/logger.js';
import type { PaymentStore } from './store.js';

/**
 * The store, writing one info line for each move of a payment that took place: the state it reached, the reason
 * and what brought the news (the gateway's webhook, the browser's return, reconciliation), with the transaction
 * id, so that "what happened to TX...?" is answered from the log alone, as the events table answers it in the
 * database. A move another caller won (undefined) is not one. Amounts and numbers stay out, as in every line.
 */
export function loggingMoves(store: PaymentStore, log: Logger): PaymentStore {
  return {
    ...store,
    async transition(id, to, change = {}) {
      const moved = await store.transition(id, to, change);
      if (moved) {
        const source = change.data?.['source'];
        log.info({ transactionId: id, state: to, reason: change.reason, source }, 'payment moved');
      }
      return moved;
    },
    async claimStart(id, leaseSeconds) {
      const claimed = await store.claimStart(id, leaseSeconds);
      if (claimed)
        log.info({ transactionId: id, state: 'STARTING', attempt: claimed.startAttempts }, 'payment moved');
      return claimed;
    },
  };
}
