import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Orm } from '../../db/connection.js';
import { paymentAttempts, providerEvents, transactionEvents, transactions } from '../../db/schema/index.js';
import { sourcesOf, type State } from './state-machine.js';

export type TransactionRow = typeof transactions.$inferSelect;
export type NewTransaction = typeof transactions.$inferInsert;
export type AttemptRow = typeof paymentAttempts.$inferSelect;

export function createPaymentStore(db: Orm) {
  return {
    /** Inserts unless the idempotency key exists; returns the row for the key either way. */
    async insertOnce(row: NewTransaction): Promise<{ row: TransactionRow; created: boolean }> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(transactions)
          .values(row)
          .onConflictDoNothing({ target: transactions.idempotencyKey })
          .returning();
        if (inserted[0]) {
          await tx
            .insert(transactionEvents)
            .values({ transactionId: row.id, fromState: null, toState: row.state });
          return { row: inserted[0], created: true };
        }
        const existing = await tx
          .select()
          .from(transactions)
          .where(eq(transactions.idempotencyKey, row.idempotencyKey))
          .limit(1);
        return { row: existing[0]!, created: false };
      });
    },

    async find(id: string) {
      const rows = await db.select().from(transactions).where(eq(transactions.id, id)).limit(1);
      return rows[0];
    },

    /**
     * The newest purchase of the same thing for the same number since `since` that was paid or is still
     * under way (the paying-twice guard, decision 0070): same type and product, or same amount without one.
     */
    async findRecentSame(p: {
      msisdn: string;
      transactionType: string;
      productCode: string | null;
      amountKobo: number;
      since: Date;
    }) {
      const rows = await db
        .select()
        .from(transactions)
        .where(
          and(
            eq(transactions.msisdn, p.msisdn),
            eq(transactions.transactionType, p.transactionType),
            p.productCode
              ? eq(transactions.productCode, p.productCode)
              : eq(transactions.amountKobo, p.amountKobo),
            inArray(transactions.state, ['STARTING', 'PENDING', 'PAID', 'FULFILLED']),
            gte(transactions.createdAt, p.since),
          ),
        )
        .orderBy(desc(transactions.createdAt))
        .limit(1);
      return rows[0];
    },

    async findByIdempotencyKey(key: string) {
      const rows = await db.select().from(transactions).where(eq(transactions.idempotencyKey, key)).limit(1);
      return rows[0];
    },

    async findByProviderReference(reference: string) {
      const rows = await db
        .select()
        .from(transactions)
        .where(eq(transactions.providerReference, reference))
        .limit(1);
      return rows[0];
    },

    /**
     * Moves a transaction to `to` only from an allowed source state, recording the event in the same
     * database transaction. Returns the updated row, or undefined when another caller moved it first.
     */
    async transition(
      id: string,
      to: State,
      change: { reason?: string; data?: Record<string, unknown>; set?: Partial<NewTransaction> } = {},
    ): Promise<TransactionRow | undefined> {
      const from = sourcesOf(to);
      return db.transaction(async (tx) => {
        const current = await tx
          .select({ state: transactions.state })
          .from(transactions)
          .where(eq(transactions.id, id))
          .for('update')
          .limit(1);
        const fromState = current[0]?.state as State | undefined;
        if (!fromState || !from.includes(fromState)) return undefined;
        const stamp =
          to === 'PAID'
            ? { paidAt: new Date() }
            : to === 'FULFILLED'
              ? { fulfilledAt: new Date() }
              : to === 'REFUNDED'
                ? { refundedAt: new Date() }
                : ['FAILED', 'CANCELLED', 'EXPIRED', 'REFUND_PENDING'].includes(to)
                  ? { failedAt: new Date() }
                  : {};
        const updated = await tx
          .update(transactions)
          .set({
            ...change.set,
            ...stamp,
            state: to,
            ...(change.reason !== undefined ? { statusReason: change.reason } : {}),
            updatedAt: new Date(),
          })
          .where(and(eq(transactions.id, id), eq(transactions.state, fromState)))
          .returning();
        if (!updated[0]) return undefined;
        await tx.insert(transactionEvents).values({
          transactionId: id,
          fromState,
          toState: to,
          reason: change.reason ?? null,
          data: change.data ?? {},
        });
        return updated[0];
      });
    },

    /**
     * The claim of `process`: moves CREATED (or a STARTING whose lease ran out) to STARTING, counting one more
     * start attempt, under a lease of `leaseSeconds`. Only one caller gets the row; the others get undefined.
     */
    async claimStart(id: string, leaseSeconds: number): Promise<TransactionRow | undefined> {
      return db.transaction(async (tx) => {
        const current = await tx
          .select({ state: transactions.state })
          .from(transactions)
          .where(eq(transactions.id, id))
          .for('update')
          .limit(1);
        const row = current[0];
        if (!row) return undefined;
        // The lease is compared with the database's clock, the one that set it.
        const updated = await tx
          .update(transactions)
          .set({
            state: 'STARTING',
            startAttempts: sql`${transactions.startAttempts} + 1`,
            startLeaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
            updatedAt: new Date(),
          })
          .where(
            and(
              eq(transactions.id, id),
              or(
                eq(transactions.state, 'CREATED'),
                and(eq(transactions.state, 'STARTING'), lte(transactions.startLeaseUntil, sql`now()`)),
              ),
            ),
          )
          .returning();
        if (!updated[0]) return undefined;
        await tx.insert(transactionEvents).values({
          transactionId: id,
          fromState: row.state,
          toState: 'STARTING',
          data: { attempt: updated[0]!.startAttempts },
        });
        return updated[0];
      });
    },

    /** Ends the lease of a start that went unanswered, so that the next `process` may ask and go on. */
    async releaseStart(id: string) {
      await db
        .update(transactions)
        .set({ startLeaseUntil: sql`now()` })
        .where(and(eq(transactions.id, id), eq(transactions.state, 'STARTING')));
    },

    /** Records a charge's reference before the provider hears of it; it becomes the payment's reference. */
    async recordAttempt(attempt: {
      transactionId: string;
      attempt: number;
      provider: string;
      reference: string;
    }) {
      await db.transaction(async (tx) => {
        await tx.insert(paymentAttempts).values(attempt);
        await tx
          .update(transactions)
          .set({ providerReference: attempt.reference })
          .where(eq(transactions.id, attempt.transactionId));
      });
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
