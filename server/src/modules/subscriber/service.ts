import { toInternational, type LineType } from '@portal/contract';
import { AppError } from '../../lib/app-error.js';
import type { CorePort, CoreSubscriber } from '../../upstream/core.js';

/**
 * What the network knows of a number, read through the core port. A number outside the operator's
 * prefixes is refused before the core is asked.
 */
export function createSubscriberService(deps: { core: CorePort; operatorPrefixes: () => Promise<string[]> }) {
  async function isOperatorNumber(national: string): Promise<boolean> {
    const prefixes = await deps.operatorPrefixes();
    return prefixes.some((p) => national.startsWith(p));
  }

  async function requireSubscriber(national: string): Promise<CoreSubscriber> {
    if (!(await isOperatorNumber(national))) throw new AppError('INVALID_MSISDN');
    const subscriber = await deps.core.findSubscriber(toInternational(national));
    if (!subscriber) throw new AppError('INVALID_MSISDN');
    return subscriber;
  }

  return {
    isOperatorNumber,
    requireSubscriber,

    async lineType(national: string, options: { broadband?: boolean } = {}): Promise<LineType> {
      const subscriber = await requireSubscriber(national);
      if (options.broadband && !subscriber.broadband) throw new AppError('INVALID_MSISDN');
      return subscriber.lineType;
    },
  };
}

export type SubscriberService = ReturnType<typeof createSubscriberService>;
