import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Orm } from '../../db/connection.js';
import { formSubmissions, leads } from '../../db/schema/index.js';

export type LeadRow = typeof leads.$inferSelect;
export type NewLead = typeof leads.$inferInsert;
export type FormSubmissionRow = typeof formSubmissions.$inferSelect;

/** Advisory-lock namespaces of this module (the OTP store uses 7201 and 7202). */
const LEAD_LOCK = 7301;
const FORM_LOCK = 7302;

export function createLeadStore(db: Orm) {
  return {
    async find(id: string): Promise<LeadRow | undefined> {
      const rows = await db.select().from(leads).where(eq(leads.id, id)).limit(1);
      return rows[0];
    },

    /** The lead a submission with this unique code (hash) created, if any: a retry of the same request. */
    async findByUniqueCodeHash(hash: string): Promise<LeadRow | undefined> {
      const rows = await db.select().from(leads).where(eq(leads.uniqueCodeHash, hash)).limit(1);
      return rows[0];
    },

    /**
     * Inserts the lead unless a lead with the same fingerprint was recorded in the last `windowDays` days
     * (then that one is returned, nothing is stored). Runs in one transaction under an advisory lock on the
     * fingerprint, so parallel submissions (on any instance) store one lead.
     */
    async insertOnce(row: NewLead, windowDays: number): Promise<{ row: LeadRow; created: boolean }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${LEAD_LOCK}, hashtext(${row.fingerprint}))`);
        const existing = await tx
          .select()
          .from(leads)
          .where(
            and(
              eq(leads.fingerprint, row.fingerprint),
              gt(leads.createdAt, sql`now() - make_interval(days => ${windowDays})`),
            ),
          )
          .orderBy(desc(leads.createdAt))
          .limit(1);
        if (existing[0]) return { row: existing[0], created: false };
        const inserted = await tx.insert(leads).values(row).returning();
        return { row: inserted[0]!, created: true };
      });
    },

    /** Moves a lead to PAID once; false when it was not in one of `from` (already paid, or not payable). */
    async markPaid(id: string, transactionId: string, from: readonly string[]): Promise<boolean> {
      const rows = await db
        .update(leads)
        .set({
          status: 'PAID',
          paymentTransactionId: transactionId,
          paidAt: new Date(),
          updatedAt: new Date(),
        })
        .where(and(eq(leads.id, id), inArray(leads.status, [...from])))
        .returning({ id: leads.id });
      return rows.length > 0;
    },

    /** Like insertOnce, for saved forms: the same form data within `windowHours` is stored once. */
    async insertFormOnce(
      row: typeof formSubmissions.$inferInsert,
      windowHours: number,
    ): Promise<{ row: FormSubmissionRow; created: boolean }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${FORM_LOCK}, hashtext(${row.fingerprint}))`);
        const existing = await tx
          .select()
          .from(formSubmissions)
          .where(
            and(
              eq(formSubmissions.fingerprint, row.fingerprint),
              gt(formSubmissions.createdAt, sql`now() - make_interval(hours => ${windowHours})`),
            ),
          )
          .orderBy(desc(formSubmissions.createdAt))
          .limit(1);
        if (existing[0]) return { row: existing[0], created: false };
        const inserted = await tx.insert(formSubmissions).values(row).returning();
        return { row: inserted[0]!, created: true };
      });
    },

    async findForm(id: string): Promise<FormSubmissionRow | undefined> {
      const rows = await db.select().from(formSubmissions).where(eq(formSubmissions.id, id)).limit(1);
      return rows[0];
    },
  };
}

export type LeadStore = ReturnType<typeof createLeadStore>;
