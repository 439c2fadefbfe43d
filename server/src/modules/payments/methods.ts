import type { PaymentMode, PaymentOption, TransactionType } from '@portal/contract';
import { AppError } from '../../lib/app-error.js';
import type { PaymentProvider, ProviderKind } from '../../upstream/gateways/provider.js';

/**
 * The payment modes of the wire (spec §3) and what they mean here: the kind of provider a mode charges
 * through, and which one. Card modes take the gateway the payer chose on the payment page, and reach card
 * gateways only; every other mode has its one provider, whatever label the client sends.
 */
export type MethodRule = {
  kind: ProviderKind;
  provider: (gateway: string | null) => string;
  /** The payer answers a prompt on the phone (no PIN through the portal). */
  push: boolean;
};

const cardGateway = (gateway: string | null) => (gateway ?? '').toLowerCase();

export const METHOD_RULES: Record<PaymentMode, MethodRule> = {
  PAYMENT_GATEWAY: { kind: 'card', provider: cardGateway, push: false },
  AIR_TIME: { kind: 'airtime', provider: () => 'airtime', push: false },
  HBB_AIRTIME: { kind: 'airtime', provider: () => 'airtime', push: false },
  NAIJA_MONEY: { kind: 'wallet', provider: () => 'momo', push: false },
  NAIJA_MONEY_PUSH: { kind: 'wallet', provider: () => 'momo', push: true },
  SMARTCASH: { kind: 'wallet', provider: () => 'smartcash', push: false },
  MPESA: { kind: 'wallet', provider: () => 'mpesa', push: true },
  // Sales-works leads pay through the card gateway chosen on the payment page.
  HBB_LEADS: { kind: 'card', provider: cardGateway, push: false },
};

export function ruleOf(mode: string): MethodRule | undefined {
  return (METHOD_RULES as Record<string, MethodRule | undefined>)[mode];
}

/**
 * The proof of the payer a charge needs, which follows from what the provider charges:
 * - `gateway`: the card holder authenticates on the card gateway's own page;
 * - `one-time-code`: the payer's verified code for this amount, spent by initiate (airtime);
 * - `pin`: the verify-user token for this amount, spent by initiate, and the wallet PIN with process;
 * - `prompt`: the payer approves on the phone with the wallet PIN, at the wallet.
 */
export type Proof = 'gateway' | 'one-time-code' | 'pin' | 'prompt';

export function proofOf(kind: ProviderKind, push: boolean): Proof {
  if (kind === 'card') return 'gateway';
  if (kind === 'airtime') return 'one-time-code';
  return push ? 'prompt' : 'pin';
}

export type Method = { rule: MethodRule; provider: PaymentProvider; proof: Proof };

/**
 * The provider a payment mode charges through, given the client's gateway label, and the proof of the payer
 * it needs. A label naming a provider of another kind (a card mode with "airtime" as its gateway) is refused.
 */
export function resolveMethod(
  providers: ReadonlyMap<string, PaymentProvider>,
  mode: string,
  gateway: string | null,
): Method {
  const rule = ruleOf(mode);
  const provider = rule ? providers.get(rule.provider(gateway)) : undefined;
  if (!rule || !provider || provider.kind !== rule.kind) throw new AppError('METHOD_UNAVAILABLE');
  return { rule, provider, proof: proofOf(provider.kind, rule.push) };
}

/** Spec §4 "Payment options": with dual currency on, under 1 USD (usdAmount = amount/100) only mobile money. */
export function onlyMobileMoney(config: { enableDualCurrency: boolean }, amount: number): boolean {
  return config.enableDualCurrency && amount / 100 < 1;
}

/**
 * The options of the payment page for this purchase, given which providers this deployment has
 * (`providers`: those that charge in the market's currency).
 */
export function paymentOptionsFor(input: {
  transactionType: TransactionType;
  providers: Set<string>;
  enableAmPin: boolean;
  dualCurrencyUnderOneUsd: boolean;
  /** Whether the purchase's own line holds airtime (airtime-rule.ts). */
  airtimeOffered: boolean;
}): PaymentOption[] {
  const options: PaymentOption[] = [];
  if (input.providers.has('paystack')) {
    options.push({ name: 'Debit/Credit Card', type: 'PG', paymentGateway: 'paystack', popup: true });
  }
  // Same name and type as Paystack's: the page shows one card panel and lets the subscriber pick the gateway.
  // DPO's hosted page is a full-page redirect, not a popup.
  if (input.providers.has('dpo')) {
    options.push({ name: 'Debit/Credit Card', type: 'PG', paymentGateway: 'dpo', popup: false });
  }
  // For a prepaid recharge, airtime pays from another line only (airtimePayerError, checked at initiate).
  if (input.providers.has('airtime') && input.airtimeOffered)
    options.push({ name: 'Airtime', type: 'AIRTIME' });
  if (input.providers.has('momo'))
    options.push({ name: 'Mobile Money', type: 'AM', ampush: !input.enableAmPin });
  if (input.providers.has('smartcash')) options.push({ name: 'SmartCash', type: 'SMARTCASH' });
  if (input.providers.has('mpesa')) options.push({ name: 'MPESA', type: 'MPESA' });
  return input.dualCurrencyUnderOneUsd ? options.filter((o) => o.type === 'AM') : options;
}
