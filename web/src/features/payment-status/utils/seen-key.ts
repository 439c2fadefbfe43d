/** Where this phone keeps the last status it saw of its recent payments (localStorage). */
export const PAYMENTS_SEEN_KEY = 'paymentsSeen';

/** Whether this phone has seen any payment: a glance at the key, without reading the list. */
export function mayHaveRecentPayments(): boolean {
  try {
    return Boolean(localStorage.getItem(PAYMENTS_SEEN_KEY));
  } catch {
    return false;
  }
}
