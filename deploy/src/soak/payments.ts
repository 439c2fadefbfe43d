import {
  payByAirtime,
  payByCard,
  payByPin,
  payByPush,
  tryAirtimeWithoutConsent,
  type BrowserReturn,
  type Outcome,
} from '../drive.js';
import type { Random } from './random.js';

/**
 * The payments of a soak: every method the portal offers (Paystack and DPO cards, airtime, mobile money and
 * SmartCash by PIN, mobile money and MPESA by push prompt), successes and refusals, and an attacker's try
 * at a debit without consent. Weights favour the methods whose notifications carry faults (Paystack's
 * webhooks, the push prompts' callbacks), so those faults find a notification to act on.
 */
export const SUCCESS_CARD = '4084 0840 8408 4081';
export const DECLINE_CARD = '4000 0000 0000 0002';

export type PaymentContext = { base: string; random: Random; browserReturn: BrowserReturn };
type Method = { name: string; weight: number; pay(ctx: PaymentContext): Promise<Outcome> };

/** Prepaid recharges stay between 50 and 500 NGN: within the limits, small against the seeded balances. */
const amount = (random: Random) => random.int(50, 500);

export const METHODS: Method[] = [
  {
    name: 'card-paystack-success',
    weight: 4,
    pay: ({ base, random, browserReturn }) =>
      payByCard(base, SUCCESS_CARD, amount(random), { browserReturn }),
  },
  {
    name: 'card-paystack-decline',
    weight: 1,
    pay: ({ base, random, browserReturn }) =>
      payByCard(base, DECLINE_CARD, amount(random), { browserReturn }),
  },
  {
    name: 'card-dpo-success',
    weight: 1.5,
    pay: ({ base, random, browserReturn }) =>
      payByCard(base, SUCCESS_CARD, amount(random), { gateway: 'dpo', browserReturn }),
  },
  {
    name: 'card-dpo-decline',
    weight: 0.5,
    pay: ({ base, random, browserReturn }) =>
      payByCard(base, DECLINE_CARD, amount(random), { gateway: 'dpo', browserReturn }),
  },
  { name: 'airtime', weight: 1, pay: ({ base, random }) => payByAirtime(base, amount(random)) },
  { name: 'momo-pin', weight: 1, pay: ({ base, random }) => payByPin(base, amount(random), 'NAIJA_MONEY') },
  {
    name: 'smartcash-pin',
    weight: 1,
    pay: ({ base, random }) => payByPin(base, amount(random), 'SMARTCASH'),
  },
  {
    name: 'naija_money_push-approve',
    weight: 2,
    pay: ({ base, random }) => payByPush(base, 'NAIJA_MONEY_PUSH', true, amount(random)),
  },
  {
    name: 'naija_money_push-decline',
    weight: 1,
    pay: ({ base, random }) => payByPush(base, 'NAIJA_MONEY_PUSH', false, amount(random)),
  },
  {
    name: 'mpesa-approve',
    weight: 2,
    pay: ({ base, random }) => payByPush(base, 'MPESA', true, amount(random)),
  },
  {
    name: 'mpesa-decline',
    weight: 0.5,
    pay: ({ base, random }) => payByPush(base, 'MPESA', false, amount(random)),
  },
  { name: 'attack-airtime-as-card', weight: 0.5, pay: ({ base }) => tryAirtimeWithoutConsent(base) },
];

const TOTAL_WEIGHT = METHODS.reduce((sum, m) => sum + m.weight, 0);

/**
 * The i-th payment's method: the first ones go round every method once (a short run still covers them all);
 * after that, a method whose payments have not yet reached its provider (a fault struck each try) goes next,
 * else one is drawn by weight. So a short run proves every method, whatever its faults hit.
 */
export function methodFor(index: number, random: Random, reached: ReadonlySet<string> = new Set()): Method {
  if (index < METHODS.length) return METHODS[index]!;
  const missing = METHODS.find((m) => !m.name.startsWith('attack') && !reached.has(m.name));
  if (missing) return missing;
  let point = random.next() * TOTAL_WEIGHT;
  for (const method of METHODS) {
    point -= method.weight;
    if (point < 0) return method;
  }
  return METHODS.at(-1)!;
}

export type Paid = Outcome & { method: string };

/**
 * `workers` subscribers paying one payment after another until `done()` says so; a payment's method comes
 * from a shared counter (so the round of every method goes first) and each worker's own random stream.
 */
export async function runPayments(options: {
  base: string;
  workers: number;
  pauseMs: number;
  random: Random;
  browserReturn: BrowserReturn;
  done: () => boolean;
  onPaid?: (paid: Paid) => void;
}): Promise<Paid[]> {
  const paid: Paid[] = [];
  const reached = new Set<string>();
  let next = 0;
  await Promise.all(
    Array.from({ length: options.workers }, async (_, w) => {
      const random = options.random.fork(`payments-${w}`);
      while (!options.done()) {
        const method = methodFor(next++, random, reached);
        const outcome = await method.pay({
          base: options.base,
          random,
          browserReturn: options.browserReturn,
        });
        const record = { ...outcome, method: method.name };
        if (outcome.transactionId && !outcome.clientError) reached.add(method.name);
        paid.push(record);
        options.onPaid?.(record);
        await new Promise((r) => setTimeout(r, options.pauseMs));
      }
    }),
  );
  return paid;
}
