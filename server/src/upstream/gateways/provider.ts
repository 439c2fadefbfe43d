/**
 * The one interface every payment provider adapter implements (card gateways, mobile money, SmartCash,
 * MPESA). New adapters start here.
 *
 * The server never trusts the browser: a payment is paid only when `verify` says so for the right
 * reference, amount and currency. Webhooks are only a hint to verify sooner.
 */

/**
 * Where a charge stands at the provider, mapped from the provider's own states in one function.
 * `NOT_FOUND`: the provider has no charge under this reference - the only answer that closes a payment
 * without the provider having declined it.
 */
export type ProviderStatus = 'PENDING' | 'PAID' | 'FAILED' | 'CANCELLED' | 'NOT_FOUND';

/**
 * What a provider charges, which decides what a payment mode may use it for and what proof of the payer
 * it needs: a card gateway authenticates the card holder on its own page; airtime needs the payer's one-time
 * code; a wallet needs the payer's PIN (with the verify-user token) or the payer's answer to a push prompt.
 */
export type ProviderKind = 'card' | 'airtime' | 'wallet';

export type ChargeRequest = {
  /** Our transaction id, sent as the provider's reference and idempotency key. */
  reference: string;
  amountKobo: number;
  currency: string;
  email: string;
  /** International form, 234... */
  msisdn: string;
  /** Where the provider returns the browser (redirect flows). */
  callbackUrl: string;
  /** Where the provider sends server-to-server notifications (push flows). */
  notifyUrl: string;
  description: string;
  /** Wallet PIN, decrypted in memory for PIN debits only; never stored, never logged. */
  pin?: string;
};

export type ChargeStart =
  /** The browser goes to the provider's page (or opens its popup with `accessCode`). */
  | { kind: 'redirect'; providerReference: string; redirectUrl: string; accessCode?: string }
  /** The subscriber approves a prompt on their phone; the result comes by notification or query. */
  | { kind: 'push'; providerReference: string }
  /** Charged at once (airtime debit, wallet PIN debit): the provider's answer is the verification. */
  | { kind: 'charged'; providerReference: string; verification: Verification };

export type Verification = {
  status: ProviderStatus;
  reference: string;
  amountKobo: number;
  currency: string;
  /** The provider's words for a failure, shown to the subscriber as the status reason. */
  reason?: string;
  /** A card's last four digits, when the provider names them: the receipt shows nothing more of a card. */
  cardLast4?: string;
};

/** Only four digits are ever kept of a card: anything else a provider sends is dropped. */
export function lastFourOf(value: unknown): { cardLast4?: string } {
  return typeof value === 'string' && /^\d{4}$/.test(value) ? { cardLast4: value } : {};
}

/** What the portal knows of a charge it started: enough for any provider to re-query or refund it. */
export type ChargeContext = { reference: string; msisdn: string; amountKobo: number; currency: string };

/** A verified notification, reduced to what the portal acts on. */
export type WebhookAction = { eventKey: string; reference: string; payload: Record<string, unknown> };

/**
 * Every method may fail with a `ProviderFailure` (classify.ts) saying what the failure means for the
 * money (final, retry, indeterminate); the wallet PIN debit also refuses with the subscriber's own errors
 * (`AppError`: wrong PIN, locked wallet, no wallet, insufficient funds).
 */
export interface PaymentProvider {
  readonly id: string;
  readonly kind: ProviderKind;
  /**
   * The provider names each charge itself (DPO's token) rather than by our reference: a charge whose start
   * went unanswered cannot be asked about, and, its name never shown to anyone, cannot be paid either.
   */
  readonly assignsReferences?: boolean;
  /** A wallet: the `{wallet}`, `{care}` and `{dial}` of the catalogue's WALLET_LOCKED text. */
  readonly lockedParams?: () => Promise<Record<string, string>>;
  /** The currencies the provider charges in; absent: whatever the market uses. */
  readonly currencies?: readonly string[];
  start(request: ChargeRequest): Promise<ChargeStart>;
  /** A read: asks where the charge stands and never changes it. */
  verify(charge: ChargeContext): Promise<Verification>;
  /** Idempotent: refunding an already refunded charge is not an error. */
  refund(charge: ChargeContext): Promise<void>;
  /**
   * Checks the signature over the exact raw body and returns the action, or undefined when the
   * signature is bad (the caller rejects it and keeps nothing of its content).
   */
  parseWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): WebhookAction | undefined;
}
