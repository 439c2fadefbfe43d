import type { DisplayStatus } from '@portal/contract';

/**
 * The internal life of a payment. Every change goes through `transition` (store.ts), which only moves
 * a row from one of the allowed source states, so two racing callers cannot both act.
 *
 *   CREATED <-> STARTING -> PENDING -> PAID -> FULFILLED
 *      |           |           |        \-> REFUND_PENDING -> REFUNDED
 *      \-----------+-----------+-> FAILED | CANCELLED | EXPIRED
 *
 * STARTING is the claim of `process`: one request at a time may start a charge (under a lease), and the
 * charge's reference is recorded before the provider is called. A start the provider refused goes back to
 * CREATED (a wrong PIN, another try); a start that went unanswered stays STARTING until the next `process`
 * or reconciliation has asked the provider about it.
 *
 * CANCELLED and EXPIRED close a payment no money was seen for; if the provider later confirms it was paid
 * after all (a slow channel, a popup closed while the bank finished), it goes on to PAID and is delivered:
 * nobody is charged without value.
 */
export const STATES = [
  'CREATED',
  'STARTING',
  'PENDING',
  'PAID',
  'FULFILLED',
  'REFUND_PENDING',
  'REFUNDED',
  'FAILED',
  'CANCELLED',
  'EXPIRED',
] as const;
export type State = (typeof STATES)[number];

export const TRANSITIONS: Record<State, readonly State[]> = {
  CREATED: ['STARTING', 'CANCELLED', 'EXPIRED'],
  STARTING: ['PENDING', 'CREATED', 'FAILED', 'EXPIRED'],
  PENDING: ['PAID', 'FAILED', 'CANCELLED', 'EXPIRED'],
  PAID: ['FULFILLED', 'REFUND_PENDING'],
  REFUND_PENDING: ['REFUNDED'],
  FULFILLED: [],
  REFUNDED: [],
  FAILED: [],
  CANCELLED: ['PAID'],
  EXPIRED: ['PAID'],
};

export function canTransition(from: State, to: State): boolean {
  return TRANSITIONS[from].includes(to);
}

/** States from which `to` may be reached. */
export function sourcesOf(to: State): State[] {
  return STATES.filter((s) => TRANSITIONS[s].includes(to));
}

export function isFinal(state: State): boolean {
  return TRANSITIONS[state].length === 0;
}

/** The statuses users see (spec §4). */
export function displayStatusOf(state: State): DisplayStatus {
  switch (state) {
    // Paid but not yet delivered is still "registered": the status page keeps polling until it is final.
    case 'CREATED':
    case 'STARTING':
    case 'PENDING':
    case 'PAID':
      return 'REQUEST_REGISTERED';
    case 'FULFILLED':
      return 'SUCCESS';
    default:
      return 'FAILED';
  }
}
