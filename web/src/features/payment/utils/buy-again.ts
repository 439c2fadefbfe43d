import { ApiError } from '@/lib/api';
import { formatMoment } from '@/lib/dates';

/**
 * The plain form's Cancel of "buy again?": a submit button, the first of the form's once the question is shown,
 * so that Enter in a field (which the browser treats as a press of the first) does not pay again, as focus
 * starting on Cancel does in the live page's dialog; like the dialog's, it leaves the payer on the payment page.
 */
export const DECLINE_BUY_AGAIN = { name: 'buyAgain', value: 'no' } as const;

/** The earlier payment the server names when the same purchase was made moments ago (decision 0070). */
export type EarlierPurchase = { reference: string; createdAt: string; completed?: boolean };

type Asker = (earlier: EarlierPurchase) => Promise<boolean>;
let asker: Asker | undefined;

/**
 * The payment page's "buy again?" dialog registers here; initiate asks it when the server refuses a
 * purchase as made moments ago. Returns the unregister function.
 */
export function setBuyAgainAsker(next: Asker): () => void {
  asker = next;
  return () => {
    if (asker === next) asker = undefined;
  };
}

export function earlierPurchaseOf(error: unknown): EarlierPurchase | undefined {
  if (!(error instanceof ApiError) || error.statusCode !== 'DUPLICATE_PURCHASE') return undefined;
  const earlier = (error.result as { earlier?: Partial<EarlierPurchase> } | null)?.earlier;
  return typeof earlier?.reference === 'string' && typeof earlier.createdAt === 'string'
    ? { reference: earlier.reference, createdAt: earlier.createdAt, completed: earlier.completed === true }
    : undefined;
}

/**
 * When the earlier payment was made, as the payer's clock shows it: the market's time zone when known (the
 * server renders the question too, on a clock of its own), else the phone's.
 */
export function earlierTime(earlier: EarlierPurchase, language: string, timeZone?: string): string {
  return formatMoment(new Date(earlier.createdAt), language, {
    time: true,
    ...(timeZone ? { timeZone } : {}),
  });
}

/** The question's text: the earlier one delivered, or maybe still under way. */
export function buyAgainTextKey(earlier: EarlierPurchase): string {
  return earlier.completed ? 'payment.buyAgain.textCompleted' : 'payment.buyAgain.text';
}

/** Whether the payer wants the same purchase again; no dialog (a page without one) means no. */
export function askBuyAgain(earlier: EarlierPurchase): Promise<boolean> {
  return asker ? asker(earlier) : Promise.resolve(false);
}
