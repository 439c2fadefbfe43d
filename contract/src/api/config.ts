import { z } from 'zod';
import { envelope } from '../envelope.js';

/** A limit the forms show and check: whole naira (spec §5's 50-50,000 and 100-500,000). */
const amountLimit = z.number().int().nonnegative();

/** JSON text of an object: the browser reads the card gateway's public key from it. */
const jsonObjectText = z.string().refine(
  (text) => {
    try {
      const parsed: unknown = JSON.parse(text);
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
    } catch {
      return false;
    }
  },
  { message: 'must be a JSON object, as text' },
);

/** configData of spec §3. Amounts are naira. */
export const configData = z
  .object({
    preMinAmnt: amountLimit,
    preMaxAmnt: amountLimit,
    postMinAmnt: amountLimit,
    postMaxAmnt: amountLimit,
    /** JSON text holding the card gateway's public key, as the original system sends it. */
    payStackConfig: jsonObjectText,
    'beta.amountToHigherValueFeature': z.boolean(),
    postpaidHybridCheck: z.boolean(),
    enableAmPin: z.boolean(),
    /** Shown and dialled (`tel:`) wherever the portal sends a subscriber to customer care. */
    customerCareNumber: z.string().regex(/^\+?[0-9][0-9 -]{1,20}$/, 'must be a number to dial'),
    pinResetDial: z.string(),
    paymentMaxTry: z.number().int(),
    enablePostpaidBundles: z.boolean(),
    enableDualCurrency: z.boolean(),
    /** "FROM:TO" -> rate, for the dual-currency display (e.g. {"USD:CDF": 2850}). */
    exchangeRates: z.record(z.string(), z.number().positive()).default({}),
    brandName: z.string(),
    /** National prefixes (3 digits after the leading 0) that belong to the operator. */
    operatorPrefixes: z.array(z.string()),
    operator: z.string(),
    /** The market's country as its people write it: the country of a home-broadband lead's address. */
    countryName: z.string(),
    currency: z.string(),
    languages: z.array(z.object({ code: z.string(), label: z.string(), prefix: z.string() })),
    /**
     * The operator's USSD codes: the same jobs without data (shown on journeys and offline). A `PIN` in a code
     * stands for what the subscriber types there (a voucher's PIN).
     */
    ussd: z.object({ rechargeVoucher: z.string(), buyData: z.string(), checkBalance: z.string() }),
    /**
     * Spec §7 third-party scripts: the tag manager's container (`GTM-…`) and the analytics property (`G-…`)
     * of the market. Empty: nothing is loaded. Their scripts come from TAG_MANAGER_ORIGIN (tag-manager.ts).
     */
    tagManagerId: z
      .string()
      .regex(/^(GTM-[A-Z0-9]{4,12})?$/)
      .default(''),
    analyticsId: z
      .string()
      .regex(/^(G-[A-Z0-9]{4,16})?$/)
      .default(''),
    /** The market's clock: the times on receipts and in messages (IANA name). */
    timeZone: z.string().default('Africa/Lagos'),
    /**
     * Paying twice by mistake (decision 0070): the same purchase for the same number, paid or pending within
     * this many minutes, needs the payer's "buy again". 0 turns the guard off.
     */
    duplicatePurchaseWindowMinutes: z.number().int().min(0).max(1440).default(10),
  })
  // A minimum above its maximum refuses every amount: the start (or the change) is refused instead.
  .refine((c) => c.preMinAmnt <= c.preMaxAmnt, {
    path: ['preMinAmnt'],
    message: 'must not be above preMaxAmnt',
  })
  .refine((c) => c.postMinAmnt <= c.postMaxAmnt, {
    path: ['postMinAmnt'],
    message: 'must not be above postMaxAmnt',
  });
export type ConfigData = z.infer<typeof configData>;

/** Without a code the deployment's own market answers. */
export const configQuery = z.object({ code: z.string().min(1).max(40).optional() });
export const configResponse = envelope(z.object({ configData }));
