import { z } from 'zod';
import { envelope } from '../envelope.js';
import { moneyAmount } from '../amount.js';

/** Dual-currency display (spec §3, §9): USD amounts converted to CDF for the market that has it on. */
export const exchangeRateRequest = z.object({
  fromCurrency: z.string().regex(/^[A-Z]{3}$/),
  toCurrency: z.string().regex(/^[A-Z]{3}$/),
  amount: moneyAmount({ min: 'nonnegative', max: 100_000_000 }),
});
export const exchangeRateResponse = envelope(z.object({ convertedAmount: z.number(), rate: z.number() }));
