import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * One row per purchase attempt (one per idempotency key). `state` is the internal state machine of
 * modules/payments/state-machine.ts; every change is also written to `transaction_events`.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state').notNull(),
    transactionType: text('transaction_type').notNull(),
    paymentMode: text('payment_mode').notNull(),
    paymentGateway: text('payment_gateway'),
    msisdn: text('msisdn').notNull(),
    paymentMobile: text('payment_mobile'),
    email: text('email'),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    productCode: text('product_code'),
    bundleDescription: text('bundle_description'),
    accountId: text('account_id'),
    invoiceNumber: text('invoice_number'),
    leadId: text('lead_id'),
    /** The provider's reference for the charge (card reference, wallet reference). */
    providerReference: text('provider_reference'),
    statusReason: text('status_reason'),
    /** The language the purchase was made in: its SMS (and receipt) speak it. */
    language: text('language').notNull().default('en'),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** How many charges were started (claims of `process`); each gets its own reference in payment_attempts. */
    startAttempts: integer('start_attempts').notNull().default(0),
    /** While a start is under way (state STARTING), no other request may start one before this time. */
    startLeaseUntil: timestamp('start_lease_until', { withTimezone: true }),
    /**
     * While a fulfilment gives the value (state PAID), no other run may start one before this time: a job
     * sent again by the payment watch, or on another instance, waits instead of racing the first to the core.
     */
    fulfilLeaseUntil: timestamp('fulfil_lease_until', { withTimezone: true }),
    /**
     * The last moment the core may apply this payment's credit, fixed by the first fulfilment run: every
     * operation sent for the payment carries it, so once it has passed the core's answer is final (applied
     * before it, or never) and a run that takes over from a dead one asks without racing it (decision 0061).
     */
    fulfilNotAfter: timestamp('fulfil_not_after', { withTimezone: true }),
    /** While a refund call is under way (REFUND_PENDING), no other run calls the provider before this time. */
    refundLeaseUntil: timestamp('refund_lease_until', { withTimezone: true }),
    /**
     * A refund made before the core could say whether the credit landed: the core reversal of the credit is
     * due from `reversalDueAt` until the core answers (`reversalDoneAt`, `reversalOutcome`).
     */
    reversalDueAt: timestamp('reversal_due_at', { withTimezone: true }),
    reversalDoneAt: timestamp('reversal_done_at', { withTimezone: true }),
    reversalOutcome: text('reversal_outcome'),
    /**
     * When the retention job removed the payer's personal data (numbers, email, account) and kept the
     * payment record (docs/decisions/0066).
     */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('transactions_idempotency_key_uq').on(t.idempotencyKey),
    uniqueIndex('transactions_provider_reference_uq').on(t.providerReference),
    index('transactions_state_updated_idx').on(t.state, t.updatedAt),
    // Only the reversals still owed: those answered stay out of the index, so finding the due ones does
    // not grow with the history of refunds (decision 0061).
    index('transactions_reversal_due_idx')
      .on(t.reversalDueAt)
      .where(sql`${t.reversalDoneAt} is null`),
    // The paying-twice guard looks up a number's recent purchases.
    index('transactions_msisdn_created_idx').on(t.msisdn, t.createdAt),
    // Retention finds the payments whose personal data is still there without reading the anonymised ones.
    index('transactions_not_anonymised_idx')
      .on(t.updatedAt)
      .where(sql`${t.anonymisedAt} is null`),
  ],
);

/**
 * Every charge a payment started, recorded before the provider is called: the references a provider may
 * hold money under for this payment. Reconciliation asks about each attempt the payment did not settle on
 * and refunds any that was charged (`resolution`).
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    transactionId: text('transaction_id')
      .notNull()
      .references(() => transactions.id),
    attempt: integer('attempt').notNull(),
    provider: text('provider').notNull(),
    /** Our reference for this charge. */
    reference: text('reference').notNull(),
    /** The provider's own reference once it answered (DPO's token); else our reference is the provider's. */
    providerReference: text('provider_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the attempt needs no more asking: the payment's own charge, never charged, or refunded. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolution: text('resolution'),
  },
  (t) => [
    primaryKey({ columns: [t.transactionId, t.attempt] }),
    uniqueIndex('payment_attempts_reference_uq').on(t.provider, t.reference),
    // A webhook naming a provider's own reference (DPO's token) finds its attempt by an index, not by reading
    // every attempt of that provider (decision 0061).
    index('payment_attempts_provider_reference_idx')
      .on(t.provider, t.providerReference)
      .where(sql`${t.providerReference} is not null`),
    index('payment_attempts_unresolved_idx').on(t.resolvedAt, t.createdAt),
  ],
);

export const transactionEvents = pgTable(
  'transaction_events',
  {
    id: serial('id').primaryKey(),
    transactionId: text('transaction_id')
      .notNull()
      .references(() => transactions.id),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    reason: text('reason'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transaction_events_tx_idx').on(t.transactionId),
    // Retention reads the old events only (those left are the few of payments still open).
    index('transaction_events_created_idx').on(t.createdAt),
  ],
);

/** Verified provider events, recorded before they are applied (only after the signature checked out). */
export const providerEvents = pgTable(
  'provider_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    eventKey: text('event_key').notNull(),
    reference: text('reference').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('provider_events_key_uq').on(t.provider, t.eventKey),
    index('provider_events_received_idx').on(t.receivedAt),
  ],
);
