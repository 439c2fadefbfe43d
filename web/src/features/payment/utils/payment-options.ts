import { OPERATOR } from '@portal/contract/operator';
import type { PaymentOption, PaymentOptionType } from '@portal/contract/api/payments';

/**
 * Payment methods of spec §2: the options sorted by name and de-duplicated by type; each type has a start
 * route (start/card, start/airtime, start/{operator}-money, start/mpesa, start/smartcash) and an accordion
 * group on mobile.
 */
export type PaymentMethod = {
  type: PaymentOptionType;
  slug: string;
  /** i18n key of the group title. */
  groupKey: string;
};

export const PAYMENT_METHODS: readonly PaymentMethod[] = [
  { type: 'PG', slug: 'card', groupKey: 'payment.group.card' },
  { type: 'AIRTIME', slug: 'airtime', groupKey: 'payment.group.airtime' },
  { type: 'AM', slug: `${OPERATOR}-money`, groupKey: 'payment.group.mobileMoney' },
  { type: 'MPESA', slug: 'mpesa', groupKey: 'payment.group.mpesa' },
  { type: 'SMARTCASH', slug: 'smartcash', groupKey: 'payment.group.smartcash' },
];

export function methodOfType(type: PaymentOptionType): PaymentMethod | undefined {
  return PAYMENT_METHODS.find((m) => m.type === type);
}

export function methodOfSlug(slug: string | undefined): PaymentMethod | undefined {
  return PAYMENT_METHODS.find((m) => m.slug === slug);
}

const byName = (a: PaymentOption, b: PaymentOption) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

/** Sorted by name, then the first option of each type kept (spec §2). */
export function sortAndDedupe(options: readonly PaymentOption[]): PaymentOption[] {
  const seen = new Set<PaymentOptionType>();
  return [...options].sort(byName).filter((option) => {
    if (seen.has(option.type)) return false;
    seen.add(option.type);
    return true;
  });
}

/** The card gateways to choose from: every PG option with a gateway, by name, one per gateway. */
export function cardGateways(options: readonly PaymentOption[]): PaymentOption[] {
  const seen = new Set<string>();
  return options
    .filter((o) => o.type === 'PG' && o.paymentGateway)
    .sort(byName)
    .filter((o) => {
      const id = o.paymentGateway!.toLowerCase();
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
}

/** The method opened when none is chosen: the first card option, else the first listed (spec §2). */
export function defaultMethod(options: readonly PaymentOption[]): PaymentMethod | undefined {
  const listed = sortAndDedupe(options);
  const first = listed.find((o) => o.type === 'PG') ?? listed[0];
  return first ? methodOfType(first.type) : undefined;
}

/** Dual currency (another market): under 1 USD only mobile-money options remain (spec §4). */
export function filterForAmount(
  options: readonly PaymentOption[],
  context: { enableDualCurrency?: boolean; usdAmount?: number },
): PaymentOption[] {
  if (context.enableDualCurrency && context.usdAmount !== undefined && context.usdAmount < 1) {
    return options.filter((o) => o.type === 'AM');
  }
  return [...options];
}

/** Mobile accordion groups in their fixed order, only those with an option. */
export function methodGroups(options: readonly PaymentOption[]): PaymentMethod[] {
  const types = new Set(options.map((o) => o.type));
  return PAYMENT_METHODS.filter((m) => types.has(m.type));
}

/** A mobile-money option pays by a prompt on the payer's phone, not by a PIN typed here (spec §4). */
export function isPushMoney(option: PaymentOption, enableAmPin: boolean): boolean {
  return option.ampush === undefined ? !enableAmPin : option.ampush;
}

/**
 * The push mode of an option that needs no script: the payer approves on the phone, so a plain form can start
 * it (MPESA, and mobile money by prompt); undefined for a method that needs the page (a code, a PIN, a popup).
 */
export function plainPushMode(
  option: PaymentOption | undefined,
  enableAmPin: boolean,
): 'MPESA' | 'NAIJA_MONEY_PUSH' | undefined {
  if (option?.type === 'MPESA') return 'MPESA';
  if (option?.type === 'AM' && isPushMoney(option, enableAmPin)) return 'NAIJA_MONEY_PUSH';
  return undefined;
}

/**
 * A method a browser without JavaScript can pay by, with plain forms the server answers: the card's hosted
 * page, airtime (the code typed into a field, 'Are you sure?' a form) and a prompt on the payer's phone. Only
 * among the methods offered for the purchase: `option` is the method's option there.
 */
export function worksWithoutScript(
  method: PaymentMethod,
  option: PaymentOption | undefined,
  enableAmPin: boolean,
): boolean {
  if (!option || option.type !== method.type) return false;
  return (
    method.type === 'PG' || method.type === 'AIRTIME' || plainPushMode(option, enableAmPin) !== undefined
  );
}
