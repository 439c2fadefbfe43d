import { toNational } from '@portal/contract';
import { AppError } from '../../lib/app-error.js';
import type { CoreSubscriber } from '../../upstream/core.js';
import type { SubscriberService } from '../subscriber/service.js';

/**
 * Where airtime can pay (docs/decisions/0080). Airtime is a prepaid balance: a PREPAID or HYBRID line holds
 * one, a POSTPAID line does not (its usage goes on the bill), and a number the core does not know has none.
 * - The payment page offers airtime for a purchase whose own line holds airtime: the airtime panel's payer
 *   starts as that line (a prepaid recharge, paid from another line, is for a PREPAID line anyway).
 * - The payer of an airtime payment must hold airtime too, whichever number it is.
 */
const AIRTIME_LINE_TYPES: readonly string[] = ['PREPAID', 'HYBRID'];

export const AIRTIME_PAYER_MESSAGE = 'Airtime can only be paid from a prepaid line.';

export function holdsAirtime(line: Pick<CoreSubscriber, 'lineType'> | undefined): boolean {
  return line !== undefined && AIRTIME_LINE_TYPES.includes(line.lineType);
}

/** The line of a number in any of its forms, as the core knows it; undefined for a number it does not know. */
export async function lineOf(
  subscribers: Pick<SubscriberService, 'requireSubscriber'>,
  number: string,
): Promise<CoreSubscriber | undefined> {
  try {
    return await subscribers.requireSubscriber(toNational(number));
  } catch (error) {
    if (error instanceof AppError && error.errorName === 'INVALID_MSISDN') return undefined;
    throw error;
  }
}
