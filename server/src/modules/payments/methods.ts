import type { PaymentMode, PaymentOption, TransactionType } from '@portal/contract';

/**
 * The payment modes of the wire (spec §3) and what they mean here: which provider charges, whether
 * the subscriber proves the number by one-time code first, and whether a wallet PIN is sent.
 */
export type MethodRule = {
  provider: (gateway: string | null) => string;
  /** A verified one-time code (uniqueCode) of the payer must come with initiate. */
  needsOtp: boolean;
  /** The wallet PIN comes encrypted with process; the bearer token of verify-user must come too. */
  needsPin: boolean;
  push: boolean;
};

export const METHOD_RULES: Record<PaymentMode, MethodRule> = {
  PAYMENT_GATEWAY: {
    provider: (g) => (g ?? '').toLowerCase(),
    needsOtp: false,
    needsPin: false,
    push: false,
  },
  AIR_TIME: { provider: () => 'airtime', needsOtp: true, needsPin: false, push: false },
  HBB_AIRTIME: { provider: () => 'airtime', needsOtp: true, needsPin: false, push: false },
  NAIJA_MONEY: { provider: () => 'momo', needsOtp: false, needsPin: true, push: false },
  NAIJA_MONEY_PUSH: { provider: () => 'momo', needsOtp: false, needsPin: false, push: true },
  SMARTCASH: { provider: () => 'smartcash', needsOtp: false, needsPin: true, push: false },
  MPESA: { provider: () => 'mpesa', needsOtp: false, needsPin: false, push: true },
  // Sales-works leads pay through the gateway chosen on the payment page.
  HBB_LEADS: { provider: (g) => (g ?? '').toLowerCase(), needsOtp: false, needsPin: false, push: false },
};

export function ruleOf(mode: string): MethodRule | undefined {
  return (METHOD_RULES as Record<string, MethodRule | undefined>)[mode];
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
  if (input.providers.has('airtime')) options.push({ name: 'Airtime', type: 'AIRTIME' });
  if (input.providers.has('momo'))
    options.push({ name: 'Mobile Money', type: 'AM', ampush: !input.enableAmPin });
  if (input.providers.has('smartcash')) options.push({ name: 'SmartCash', type: 'SMARTCASH' });
  if (input.providers.has('mpesa')) options.push({ name: 'MPESA', type: 'MPESA' });
  return input.dualCurrencyUnderOneUsd ? options.filter((o) => o.type === 'AM') : options;
}
