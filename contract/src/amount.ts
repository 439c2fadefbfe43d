import { z } from 'zod';

/** A plain decimal as people and forms write it: digits, then at most two after the point. */
const DECIMAL_TEXT = /^\d{1,12}(\.\d{1,2})?$/;

/** At most two decimals (kobo, cents), allowing for binary fractions: 0.29 * 100 is 28.999999999999996. */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

/**
 * A money amount: a JSON number, or a decimal in text (query strings and plain HTML forms), with at most two
 * decimals. Nothing else is read as a number: not "0x1F4", "1e3", " 500", [500] or true, and 50.005 is
 * refused rather than rounded.
 */
export function moneyAmount(options: { min?: 'positive' | 'nonnegative'; max: number }) {
  const number =
    options.min === 'nonnegative'
      ? z.number().nonnegative().max(options.max)
      : z.number().positive().max(options.max);
  return z
    .union([
      z.number(),
      z
        .string()
        .regex(DECIMAL_TEXT, 'Invalid amount')
        .transform((text) => Number(text)),
    ])
    .pipe(number.refine(hasAtMostTwoDecimals, 'Invalid amount: at most two decimals'));
}
