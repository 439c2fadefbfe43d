import { and, eq, exists, inArray, isNotNull, isNull, lt, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Orm } from '../../db/connection.js';
import {
  contactMessages,
  faqVisitorVotes,
  formSubmissions,
  leads,
  otpChallenges,
  otpSends,
  paymentAttempts,
  providerEvents,
  serviceFeedback,
  transactionEvents,
  transactions,
} from '../../db/schema/index.js';
import type { State } from '../payments/state-machine.js';

/**
 * Payments that are closed. CANCELLED and EXPIRED could still become PAID on a provider's late word, but the
 * portal re-checks them for 24 hours only and no payment period of retention is shorter than 30 days, so
 * retention treats them as closed like the final states.
 */
export const CLOSED_STATES: readonly State[] = ['FULFILLED', 'REFUNDED', 'FAILED', 'CANCELLED', 'EXPIRED'];

/** Times are the database's, so every instance agrees on them. */
const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;
const hoursAgo = (hours: number) => sql`now() - make_interval(hours => ${hours})`;

/**
 * The SQL of retention. Every call changes at most `limit` rows in one short transaction, so a big table is
 * worked through in many small ones; rows another pass holds are skipped (`skip locked`), never waited for.
 * Each returns how many rows it changed.
 */
export function createRetentionStore(db: Orm) {
  /**
   * The oldest `limit` rows of `table` matching `where` (oldest by `age`, an indexed time column), locked
   * for this statement. Oldest first is also what makes PostgreSQL read that index rather than the table:
   * once a table has been worked through, the rows before the cut-off are few.
   */
  const batchOf = (table: PgTable, where: SQL, age: PgColumn, limit: number) =>
    sql`ctid = any(array(${db
      .select({ ctid: sql`ctid` })
      .from(table)
      .where(where)
      .orderBy(age)
      .limit(limit)
      .for('update', { skipLocked: true })}))`;

  /** Deletes up to `limit` rows of `table` whose `age` is before `cutoff` (and that match `where`). */
  const deleteBatch = async (table: PgTable, age: PgColumn, cutoff: SQL, limit: number, where?: SQL) => {
    const due = and(lt(age, cutoff), where)!;
    const gone = await db
      .delete(table)
      .where(batchOf(table, due, age, limit))
      .returning({ one: sql`1` });
    return gone.length;
  };

  /** A payment closed `days` ago or earlier with nothing left to do: no reversal due, every charge resolved. */
  const closedBefore = (days: number) =>
    and(
      inArray(transactions.state, [...CLOSED_STATES]),
      lt(transactions.updatedAt, daysAgo(days)),
      or(isNull(transactions.reversalDueAt), isNotNull(transactions.reversalDoneAt)),
      notExists(
        db
          .select({ one: sql`1` })
          .from(paymentAttempts)
          .where(and(eq(paymentAttempts.transactionId, transactions.id), isNull(paymentAttempts.resolvedAt))),
      ),
    )!;

  return {
    /** Whole payment records past the financial-records period, with their charge attempts and events. */
    async deletePaymentRecords(days: number, limit: number): Promise<number> {
      return db.transaction(async (tx) => {
        const doomed = await tx
          .select({ id: transactions.id })
          .from(transactions)
          .where(closedBefore(days))
          .limit(limit)
          .for('update', { skipLocked: true });
        const ids = doomed.map((row) => row.id);
        if (ids.length === 0) return 0;
        await tx.delete(transactionEvents).where(inArray(transactionEvents.transactionId, ids));
        await tx.delete(paymentAttempts).where(inArray(paymentAttempts.transactionId, ids));
        await tx.delete(transactions).where(inArray(transactions.id, ids));
        return ids.length;
      });
    },

    /** The state changes of payments closed `days` ago; those of open payments stay, however old. */
    async deleteTransactionEvents(days: number, limit: number): Promise<number> {
      const ofClosedPayment = exists(
        db
          .select({ one: sql`1` })
          .from(transactions)
          .where(and(eq(transactions.id, transactionEvents.transactionId), closedBefore(days))),
      );
      return deleteBatch(
        transactionEvents,
        transactionEvents.createdAt,
        daysAgo(days),
        limit,
        ofClosedPayment,
      );
    },

    /**
     * Removes who paid from payments closed `days` ago: numbers, email, account and the request's hash
     * (a hash of a phone number is easily reversed). Amount, references, states and times stay.
     */
    async anonymisePayments(days: number, limit: number): Promise<number> {
      const due = and(isNull(transactions.anonymisedAt), closedBefore(days))!;
      const rows = await db
        .update(transactions)
        .set({
          msisdn: '',
          paymentMobile: null,
          email: null,
          accountId: null,
          requestHash: '',
          anonymisedAt: sql`now()`,
        })
        .where(batchOf(transactions, due, transactions.updatedAt, limit))
        .returning({ one: sql`1` });
      return rows.length;
    },

    /** Providers' verified messages (they carry the payer's email, phone, card digits). */
    async deleteProviderEvents(days: number, limit: number): Promise<number> {
      return deleteBatch(providerEvents, providerEvents.receivedAt, daysAgo(days), limit);
    },

    /**
     * Removes who and where from leads last changed `days` ago; the plan, town, status, amounts, consent
     * text and times stay, and the point is kept to about 10 km (the town's demand, not the house).
     */
    async anonymiseLeads(days: number, limit: number): Promise<number> {
      const due = and(isNull(leads.anonymisedAt), lt(leads.updatedAt, daysAgo(days)))!;
      const rows = await db
        .update(leads)
        .set({
          fullName: '',
          contactMsisdn: '',
          email: '',
          street1: '',
          landmark: '',
          latitude: sql`round(${leads.latitude}::numeric, 1)::float8`,
          longitude: sql`round(${leads.longitude}::numeric, 1)::float8`,
          fingerprint: '',
          uniqueCodeHash: '',
          anonymisedAt: sql`now()`,
        })
        .where(batchOf(leads, due, leads.updatedAt, limit))
        .returning({ one: sql`1` });
      return rows.length;
    },

    async deleteFormSubmissions(days: number, limit: number): Promise<number> {
      return deleteBatch(formSubmissions, formSubmissions.createdAt, daysAgo(days), limit);
    },

    async deleteContactMessages(days: number, limit: number): Promise<number> {
      return deleteBatch(contactMessages, contactMessages.createdAt, daysAgo(days), limit);
    },

    /** Feedback keeps its rating, topic and time; the number and the free text (which may name anyone) go. */
    async anonymiseFeedback(days: number, limit: number): Promise<number> {
      // Written as the partial index service_feedback_personal_idx says it, so that the index serves it.
      const namesSomeone = sql`(${serviceFeedback.msisdn} is not null or ${serviceFeedback.comment} <> '')`;
      const due = and(lt(serviceFeedback.createdAt, daysAgo(days)), namesSomeone)!;
      const rows = await db
        .update(serviceFeedback)
        .set({ msisdn: null, comment: '' })
        .where(batchOf(serviceFeedback, due, serviceFeedback.createdAt, limit))
        .returning({ one: sql`1` });
      return rows.length;
    },

    /** Who voted (a cookie id); the counts in faq_votes stay. */
    async deleteFaqVisitorVotes(days: number, limit: number): Promise<number> {
      return deleteBatch(faqVisitorVotes, faqVisitorVotes.votedAt, daysAgo(days), limit);
    },

    async deleteOtpChallenges(hours: number, limit: number): Promise<number> {
      return deleteBatch(otpChallenges, otpChallenges.createdAt, hoursAgo(hours), limit);
    },

    async deleteOtpSends(hours: number, limit: number): Promise<number> {
      return deleteBatch(otpSends, otpSends.sentAt, hoursAgo(hours), limit);
    },
  };
}

export type RetentionStore = ReturnType<typeof createRetentionStore>;
