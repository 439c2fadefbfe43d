import {
  and,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Orm } from '../../db/connection.js';
import { paymentAttempts, providerEvents, transactionEvents, transactions } from '../../db/schema/index.js';
import { sourcesOf, type State } from './state-machine.js';

export type TransactionRow = typeof transactions.$inferSelect;
export type NewTransaction = typeof transactions.$inferInsert;
export type AttemptRow = typeof paymentAttempts.$inferSelect;

const COLUMNS = getTableColumns(transactions);

/** A `transactions` row as PostgreSQL returned it to raw SQL, mapped as drizzle maps a select of the table. */
function transactionOf(raw: Record<string, unknown>): TransactionRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(COLUMNS)) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as TransactionRow;
}

/** `column = value, ...` of an UPDATE, each value converted as drizzle converts it for that column. */
function assignments(set: Partial<NewTransaction>): SQL {
  const parts = Object.entries(set)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => {
      const column = COLUMNS[key as keyof typeof COLUMNS];
      return sql`${sql.identifier(column.name)} = ${value instanceof SQL ? value : sql.param(value, column)}`;
    });
  return sql.join(parts, sql`, `);
}

/** The rows of a raw statement, whichever driver ran it. */
async function rowsOf(db: Orm, query: SQL): Promise<Record<string, unknown>[]> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

/** When a move to `to` also stamps a time column. */
function stampOf(to: State): Partial<NewTransaction> {
  const now = new Date();
  if (to === 'PAID') return { paidAt: now };
  if (to === 'FULFILLED') return { fulfilledAt: now };
  if (to === 'REFUNDED') return { refundedAt: now };
  if (['FAILED', 'CANCELLED', 'EXPIRED', 'REFUND_PENDING'].includes(to)) return { failedAt: now };
  return {};
}

/**
 * What counts as an earlier purchase for the paying-twice guard (decision 0070): paid, or under way (money may
 * still be taken: a charge started, a checkout or prompt still open). Not CREATED (nothing was charged nor
 * will be without a new `process`), nor a payment that ended without money (FAILED, CANCELLED, EXPIRED), nor
 * one given back (REFUND_PENDING, REFUNDED).
 */
const RECENT_PURCHASE_STATES: State[] = ['STARTING', 'PENDING', 'PAID', 'FULFILLED'];

/** What makes two purchases the same (decision 0070), as a payment records it. */
export type SamePurchase = {
  msisdn: string;
  transactionType: string;
  productCode: string | null;
  accountId: string | null;
  invoiceNumber: string | null;
  amountKobo: number;
};

/** A lease nobody holds: never taken, or run out (by the database's clock, the one that set it). */
const leaseFree = (lease: AnyPgColumn) => or(isNull(lease), lte(lease, sql`now()`));

export function createPaymentStore(db: Orm) {
  // The lookups every request and job makes, prepared once: built once by drizzle, parsed and planned once
  // per connection by PostgreSQL.
  const oneBy = (column: AnyPgColumn, placeholder: string, name: string) =>
    db
      .select()
      .from(transactions)
      .where(eq(column, sql.placeholder(placeholder)))
      .limit(1)
      .prepare(name);
  const byId = oneBy(transactions.id, 'id', 'payments_find_by_id');
  const byProviderReference = oneBy(
    transactions.providerReference,
    'reference',
    'payments_find_by_provider_reference',
  );
  const byIdempotencyKey = oneBy(transactions.idempotencyKey, 'key', 'payments_find_by_idempotency_key');

  return {
    /**
     * Inserts unless the idempotency key exists, with its first event, in one statement; returns the row for
     * the key either way.
     */
    async insertOnce(row: NewTransaction): Promise<{ row: TransactionRow; created: boolean }> {
      const insert = db
        .insert(transactions)
        .values(row)
        .onConflictDoNothing({ target: transactions.idempotencyKey })
        .returning();
      const inserted = await rowsOf(
        db,
        sql`WITH inserted AS (${insert.getSQL()}),
          event AS (
            INSERT INTO transaction_events (transaction_id, from_state, to_state)
            SELECT id, NULL, state FROM inserted
          )
          SELECT * FROM inserted`,
      );
      if (inserted[0]) return { row: transactionOf(inserted[0]), created: true };
      const existing = await byIdempotencyKey.execute({ key: row.idempotencyKey });
      return { row: existing[0]!, created: false };
    },

    async find(id: string): Promise<TransactionRow | undefined> {
      return (await byId.execute({ id }))[0];
    },

    /**
     * The newest purchase of the same thing for the same number since `since` that was paid or is still
     * under way (the paying-twice guard, decision 0070): the same type, product, account and invoice (an
     * empty one the same only as another empty one), and the same amount when there is no product. Read
     * through `transactions_msisdn_created_idx` (number, then the window); the rest filters a number's few
     * recent rows.
     */
    async findRecentSame(p: SamePurchase & { since: Date }) {
      const same = (column: AnyPgColumn, value: string | null) =>
        value ? eq(column, value) : isNull(column);
      const rows = await db
        .select()
        .from(transactions)
        .where(
          and(
            eq(transactions.msisdn, p.msisdn),
            eq(transactions.transactionType, p.transactionType),
            same(transactions.productCode, p.productCode),
            p.productCode ? undefined : eq(transactions.amountKobo, p.amountKobo),
            same(transactions.accountId, p.accountId),
            same(transactions.invoiceNumber, p.invoiceNumber),
            inArray(transactions.state, RECENT_PURCHASE_STATES),
            gte(transactions.createdAt, p.since),
          ),
        )
        .orderBy(desc(transactions.createdAt))
        .limit(1);
      return rows[0];
    },

    async findByIdempotencyKey(key: string): Promise<TransactionRow | undefined> {
      return (await byIdempotencyKey.execute({ key }))[0];
    },

    async findByProviderReference(reference: string): Promise<TransactionRow | undefined> {
      return (await byProviderReference.execute({ reference }))[0];
    },

    /**
     * Moves a transaction to `to` only from an allowed source state, recording the event, in one statement
     * (one round trip, atomic): the row is locked and its state read (the newest, should another move commit
     * meanwhile), the move made only from an allowed state, and the event written with the state it came from.
     * Returns the updated row, or undefined when another caller moved it first.
     */
    async transition(
      id: string,
      to: State,
      change: { reason?: string; data?: Record<string, unknown>; set?: Partial<NewTransaction> } = {},
    ): Promise<TransactionRow | undefined> {
      const set = assignments({
        ...change.set,
        ...stampOf(to),
        state: to,
        ...(change.reason !== undefined ? { statusReason: change.reason } : {}),
        updatedAt: new Date(),
      });
      const rows = await rowsOf(
        db,
        sql`WITH current AS (
            SELECT state FROM transactions WHERE id = ${id} FOR UPDATE
          ),
          moved AS (
            UPDATE transactions SET ${set} FROM current
            WHERE transactions.id = ${id} AND current.state IN ${sourcesOf(to)}
            RETURNING transactions.*, current.state AS from_state
          ),
          event AS (
            INSERT INTO transaction_events (transaction_id, from_state, to_state, reason, data)
            SELECT id, from_state, ${to}, ${change.reason ?? null}, ${JSON.stringify(change.data ?? {})}::jsonb
            FROM moved
          )
          SELECT * FROM moved`,
      );
      return rows[0] ? transactionOf(rows[0]) : undefined;
    },

    /**
     * The claim of `process`: moves CREATED (or a STARTING whose lease ran out) to STARTING, counting one more
     * start attempt, under a lease of `leaseSeconds`, with its event, in one statement (as `transition`). Only
     * one caller gets the row; the others get undefined.
     */
    async claimStart(id: string, leaseSeconds: number): Promise<TransactionRow | undefined> {
      // The lease is compared with the database's clock, the one that set it.
      const rows = await rowsOf(
        db,
        sql`WITH current AS (
            SELECT state, start_lease_until FROM transactions WHERE id = ${id} FOR UPDATE
          ),
          claimed AS (
            UPDATE transactions
            SET state = 'STARTING', start_attempts = transactions.start_attempts + 1,
              start_lease_until = now() + make_interval(secs => ${leaseSeconds}), updated_at = ${new Date()}
            FROM current
            WHERE transactions.id = ${id}
              AND (current.state = 'CREATED'
                OR (current.state = 'STARTING' AND current.start_lease_until <= now()))
            RETURNING transactions.*, current.state AS from_state
          ),
          event AS (
            INSERT INTO transaction_events (transaction_id, from_state, to_state, data)
            SELECT id, from_state, 'STARTING', jsonb_build_object('attempt', start_attempts) FROM claimed
          )
          SELECT * FROM claimed`,
      );
      return rows[0] ? transactionOf(rows[0]) : undefined;
    },

    /**
     * The claim of a fulfilment: a PAID payment nobody is fulfilling now gets a lease, so that one run at a
     * time gives its value. The first claim fixes the core's deadline (`fulfilNotAfter`: the window after
     * payment, or a short late try for a run that starts after it); a later claim, taking over from a run that
     * died, keeps that deadline and gets a short lease to ask the core. Returns the row when this run may go
     * on; undefined when the payment is not PAID or another run holds the lease.
     */
    async claimFulfilment(
      id: string,
      timing: { windowSeconds: number; lateTrySeconds: number; marginSeconds: number },
    ): Promise<TransactionRow | undefined> {
      // Compared with, and set by, the database's clock. In SET, the columns are the row's values before.
      const lateTry = sql`now() + make_interval(secs => ${timing.lateTrySeconds})`;
      const notAfter = sql`coalesce(${transactions.fulfilNotAfter}, greatest(coalesce(${transactions.paidAt}, now()) + make_interval(secs => ${timing.windowSeconds}), ${lateTry}))`;
      const rows = await db
        .update(transactions)
        .set({
          fulfilNotAfter: notAfter,
          fulfilLeaseUntil: sql`greatest(${notAfter}, ${lateTry}) + make_interval(secs => ${timing.marginSeconds})`,
        })
        .where(
          and(
            eq(transactions.id, id),
            eq(transactions.state, 'PAID'),
            leaseFree(transactions.fulfilLeaseUntil),
          ),
        )
        .returning();
      return rows[0];
    },

    /** The claim of a refund call: one run at a time asks the provider, for `leaseSeconds` at most. */
    async claimRefund(id: string, leaseSeconds: number): Promise<TransactionRow | undefined> {
      const rows = await db
        .update(transactions)
        .set({ refundLeaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
        .where(
          and(
            eq(transactions.id, id),
            eq(transactions.state, 'REFUND_PENDING'),
            leaseFree(transactions.refundLeaseUntil),
          ),
        )
        .returning();
      return rows[0];
    },

    /** After a failed refund call: the next try comes no sooner than `seconds` from now. */
    async holdRefund(id: string, seconds: number) {
      await db
        .update(transactions)
        .set({ refundLeaseUntil: sql`now() + make_interval(secs => ${seconds})` })
        .where(and(eq(transactions.id, id), eq(transactions.state, 'REFUND_PENDING')));
    },

    /**
     * Payments whose value or refund nobody is working on: PAID with the fulfilment's lease run out (its run
     * died) or never claimed for `unclaimedSeconds`; REFUND_PENDING with no refund call under way. The
     * state index finds them (there are few: both states last seconds).
     */
    async adrift(unclaimedSeconds: number, limit = 50): Promise<Pick<TransactionRow, 'id' | 'state'>[]> {
      return db
        .select({ id: transactions.id, state: transactions.state })
        .from(transactions)
        .where(
          or(
            and(
              eq(transactions.state, 'PAID'),
              or(
                lte(transactions.fulfilLeaseUntil, sql`now()`),
                and(
                  isNull(transactions.fulfilLeaseUntil),
                  lt(transactions.updatedAt, sql`now() - make_interval(secs => ${unclaimedSeconds})`),
                ),
              ),
            ),
            and(eq(transactions.state, 'REFUND_PENDING'), leaseFree(transactions.refundLeaseUntil)),
          ),
        )
        .limit(limit);
    },

    /** Ends the lease of a start that went unanswered, so that the next `process` may ask and go on. */
    async releaseStart(id: string) {
      await db
        .update(transactions)
        .set({ startLeaseUntil: sql`now()` })
        .where(and(eq(transactions.id, id), eq(transactions.state, 'STARTING')));
    },

    /**
     * Records a charge's reference before the provider hears of it; it becomes the payment's reference (both
     * in one statement).
     */
    async recordAttempt(attempt: {
      transactionId: string;
      attempt: number;
      provider: string;
      reference: string;
    }) {
      const insert = db
        .insert(paymentAttempts)
        .values(attempt)
        .returning({ transactionId: paymentAttempts.transactionId });
      await db.execute(
        sql`WITH attempt AS (${insert.getSQL()})
          UPDATE transactions SET provider_reference = ${attempt.reference}
          WHERE id = (SELECT transaction_id FROM attempt)`,
      );
    },

    async setAttemptProviderReference(transactionId: string, attempt: number, providerReference: string) {
      await db
        .update(paymentAttempts)
        .set({ providerReference })
        .where(and(eq(paymentAttempts.transactionId, transactionId), eq(paymentAttempts.attempt, attempt)));
    },

    async resolveAttempt(transactionId: string, attempt: number, resolution: string) {
      await db
        .update(paymentAttempts)
        .set({ resolvedAt: new Date(), resolution })
        .where(
          and(
            eq(paymentAttempts.transactionId, transactionId),
            eq(paymentAttempts.attempt, attempt),
            isNull(paymentAttempts.resolvedAt),
          ),
        );
    },

    /** The attempt before `attempt` (the latest when not given). */
    async attemptBefore(transactionId: string, attempt?: number): Promise<AttemptRow | undefined> {
      const rows = await db
        .select()
        .from(paymentAttempts)
        .where(
          and(
            eq(paymentAttempts.transactionId, transactionId),
            attempt === undefined ? undefined : lt(paymentAttempts.attempt, attempt),
          ),
        )
        .orderBy(desc(paymentAttempts.attempt))
        .limit(1);
      return rows[0];
    },

    async attemptsOf(transactionId: string): Promise<AttemptRow[]> {
      return db
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.transactionId, transactionId))
        .orderBy(paymentAttempts.attempt);
    },

    /** The attempt a provider's reference (ours or the provider's own) belongs to. */
    async findAttempt(provider: string, reference: string): Promise<AttemptRow | undefined> {
      const rows = await db
        .select()
        .from(paymentAttempts)
        .where(
          and(
            eq(paymentAttempts.provider, provider),
            or(eq(paymentAttempts.reference, reference), eq(paymentAttempts.providerReference, reference)),
          ),
        )
        .limit(1);
      return rows[0];
    },

    /**
     * Attempts not yet settled, started between `olderThanSeconds` and a day ago: reconciliation's list of
     * charges to ask about.
     */
    async attemptsToCheck(olderThanSeconds: number, limit = 100): Promise<AttemptRow[]> {
      return db
        .select()
        .from(paymentAttempts)
        .where(
          and(
            isNull(paymentAttempts.resolvedAt),
            lt(paymentAttempts.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
            gte(paymentAttempts.createdAt, sql`now() - interval '25 hours'`),
          ),
        )
        .orderBy(paymentAttempts.createdAt)
        .limit(limit);
    },

    /** Payments whose core reversal is due and not yet answered. */
    async reversalsDue(limit = 100) {
      return db
        .select()
        .from(transactions)
        .where(and(lte(transactions.reversalDueAt, sql`now()`), isNull(transactions.reversalDoneAt)))
        .orderBy(transactions.reversalDueAt)
        .limit(limit);
    },

    /** How many reversals wait for the core, and for how long the oldest has been due (seconds). */
    async reversalsPending(): Promise<{ count: number; oldestSeconds: number }> {
      const rows = await db
        .select({
          count: sql<number>`count(*)::int`,
          oldestSeconds: sql<number>`coalesce(extract(epoch from now() - min(${transactions.reversalDueAt})), 0)::float8`,
        })
        .from(transactions)
        .where(and(isNotNull(transactions.reversalDueAt), isNull(transactions.reversalDoneAt)));
      return {
        count: Number(rows[0]?.count ?? 0),
        oldestSeconds: Math.max(0, Number(rows[0]?.oldestSeconds ?? 0)),
      };
    },

    /** Starts whose lease ran out more than `olderThanSeconds` ago: nobody is starting them any more. */
    async stalledStarts(olderThanSeconds: number, limit = 100) {
      return db
        .select()
        .from(transactions)
        .where(
          and(
            eq(transactions.state, 'STARTING'),
            lt(transactions.startLeaseUntil, sql`now() - make_interval(secs => ${olderThanSeconds})`),
          ),
        )
        .orderBy(transactions.updatedAt)
        .limit(limit);
    },

    async update(id: string, set: Partial<NewTransaction>) {
      await db
        .update(transactions)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(transactions.id, id));
    },

    async events(id: string) {
      return db
        .select()
        .from(transactionEvents)
        .where(eq(transactionEvents.transactionId, id))
        .orderBy(transactionEvents.id);
    },

    /** Records a verified provider event once; false when it was already recorded. */
    async recordProviderEvent(event: {
      provider: string;
      eventKey: string;
      reference: string;
      payload: Record<string, unknown>;
    }): Promise<boolean> {
      const inserted = await db
        .insert(providerEvents)
        .values(event)
        .onConflictDoNothing({ target: [providerEvents.provider, providerEvents.eventKey] })
        .returning({ id: providerEvents.id });
      return inserted.length > 0;
    },

    /** Rows in `states` not touched for `olderThanSeconds` - the reconciliation job's work list. */
    async stale(states: State[], olderThanSeconds: number, limit = 100) {
      return db
        .select()
        .from(transactions)
        .where(
          and(
            inArray(transactions.state, states),
            lt(transactions.updatedAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
          ),
        )
        .orderBy(transactions.updatedAt)
        .limit(limit);
    },

    /** Per state: how many payments, and how long the oldest has waited in it (seconds). */
    async countByState(states: State[]): Promise<{ state: State; count: number; oldestSeconds: number }[]> {
      const rows = await db
        .select({
          state: transactions.state,
          count: sql<number>`count(*)::int`,
          oldestSeconds: sql<number>`coalesce(extract(epoch from now() - min(${transactions.updatedAt})), 0)::float8`,
        })
        .from(transactions)
        .where(inArray(transactions.state, states))
        .groupBy(transactions.state);
      return rows.map((r) => ({
        state: r.state as State,
        count: Number(r.count),
        oldestSeconds: Number(r.oldestSeconds),
      }));
    },

    /** Per state: how many payments reached it in the last `seconds`. */
    async enteredSince(states: State[], seconds: number): Promise<{ state: State; count: number }[]> {
      const rows = await db
        .select({ state: transactions.state, count: sql<number>`count(*)::int` })
        .from(transactions)
        .where(
          and(
            inArray(transactions.state, states),
            gte(transactions.updatedAt, sql`now() - make_interval(secs => ${seconds})`),
          ),
        )
        .groupBy(transactions.state);
      return rows.map((r) => ({ state: r.state as State, count: Number(r.count) }));
    },

    /**
     * Payments in these states, with a provider reference, last changed between `ageSeconds` and
     * `ageSeconds + windowSeconds` ago.
     */
    async changedAround(states: State[], ageSeconds: number, windowSeconds: number, limit = 500) {
      return db
        .select()
        .from(transactions)
        .where(
          and(
            inArray(transactions.state, states),
            isNotNull(transactions.providerReference),
            lt(transactions.updatedAt, sql`now() - make_interval(secs => ${ageSeconds})`),
            gte(transactions.updatedAt, sql`now() - make_interval(secs => ${ageSeconds + windowSeconds})`),
          ),
        )
        .orderBy(transactions.updatedAt)
        .limit(limit);
    },
  };
}

export type PaymentStore = ReturnType<typeof createPaymentStore>;
