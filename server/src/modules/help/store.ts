import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Orm } from '../../db/connection.js';
import { faqs, faqVisitorVotes, faqVotes, serviceFeedback } from '../../db/schema/index.js';

export type FaqRow = Omit<typeof faqs.$inferSelect, 'updatedAt'>;
export type FaqWithVotes = FaqRow & { likes: number; dislikes: number };

type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

const visitorVote = (opco: string, questionId: string, visitorId: string) =>
  and(
    eq(faqVisitorVotes.opco, opco),
    eq(faqVisitorVotes.questionId, questionId),
    eq(faqVisitorVotes.visitorId, visitorId),
  );

/** The visitor's vote on the question, locked until the end of the transaction. */
async function previousVote(tx: Tx, opco: string, questionId: string, visitorId: string) {
  const rows = await tx
    .select({ isLike: faqVisitorVotes.isLike })
    .from(faqVisitorVotes)
    .where(visitorVote(opco, questionId, visitorId))
    .for('update');
  return rows[0]?.isLike;
}

/** Adds to the question's counts atomically (several instances vote at once) and returns the totals. */
async function addToCounts(tx: Tx, opco: string, questionId: string, likes: number, dislikes: number) {
  const rows = await tx
    .insert(faqVotes)
    .values({ opco, questionId, likes: Math.max(likes, 0), dislikes: Math.max(dislikes, 0) })
    .onConflictDoUpdate({
      target: [faqVotes.opco, faqVotes.questionId],
      set: {
        likes: sql`greatest(${faqVotes.likes} + ${likes}, 0)`,
        dislikes: sql`greatest(${faqVotes.dislikes} + ${dislikes}, 0)`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ likes: faqVotes.likes, dislikes: faqVotes.dislikes });
  return rows[0]!;
}

export function createHelpStore(db: Orm) {
  return {
    /** Makes the table hold exactly `rows` for the market and language (the content file is the source). */
    async replaceFaqs(opco: string, language: string, rows: FaqRow[]) {
      await db.transaction(async (tx) => {
        if (rows.length > 0) {
          await tx
            .insert(faqs)
            .values(rows)
            .onConflictDoUpdate({
              target: [faqs.opco, faqs.language, faqs.questionId],
              set: {
                parentCategory: sql`excluded.parent_category`,
                category: sql`excluded.category`,
                question: sql`excluded.question`,
                answer: sql`excluded.answer`,
                href: sql`excluded.href`,
                popular: sql`excluded.popular`,
                rank: sql`excluded.rank`,
                updatedAt: sql`now()`,
              },
            });
        }
        const keep = rows.map((r) => r.questionId);
        const scope = and(eq(faqs.opco, opco), eq(faqs.language, language));
        await tx.delete(faqs).where(keep.length > 0 ? and(scope, notInArray(faqs.questionId, keep)) : scope);
      });
    },

    async listFaqs(
      opco: string,
      language: string,
      filter: {
        parentCategory?: string | undefined;
        category?: string | undefined;
        questionId?: string | undefined;
      },
    ): Promise<FaqWithVotes[]> {
      const conditions = [eq(faqs.opco, opco), eq(faqs.language, language)];
      if (filter.parentCategory) conditions.push(eq(faqs.parentCategory, filter.parentCategory));
      if (filter.category) conditions.push(eq(faqs.category, filter.category));
      if (filter.questionId) conditions.push(eq(faqs.questionId, filter.questionId));
      return db
        .select({
          opco: faqs.opco,
          language: faqs.language,
          questionId: faqs.questionId,
          parentCategory: faqs.parentCategory,
          category: faqs.category,
          question: faqs.question,
          answer: faqs.answer,
          href: faqs.href,
          popular: faqs.popular,
          rank: faqs.rank,
          likes: sql<number>`coalesce(${faqVotes.likes}, 0)`.mapWith(Number),
          dislikes: sql<number>`coalesce(${faqVotes.dislikes}, 0)`.mapWith(Number),
        })
        .from(faqs)
        .leftJoin(faqVotes, and(eq(faqVotes.opco, faqs.opco), eq(faqVotes.questionId, faqs.questionId)))
        .where(and(...conditions))
        .orderBy(asc(faqs.rank));
    },

    async hasLanguage(opco: string, language: string): Promise<boolean> {
      const rows = await db
        .select({ one: sql`1` })
        .from(faqs)
        .where(and(eq(faqs.opco, opco), eq(faqs.language, language)))
        .limit(1);
      return rows.length > 0;
    },

    /** True when some language has this question (a real question, not a category link). */
    async isQuestion(opco: string, questionId: string): Promise<boolean> {
      const rows = await db
        .select({ one: sql`1` })
        .from(faqs)
        .where(and(eq(faqs.opco, opco), eq(faqs.questionId, questionId), sql`${faqs.question} <> ''`))
        .limit(1);
      return rows.length > 0;
    },

    /**
     * One vote per visitor and question: a first vote counts, a changed vote moves from one count to the
     * other, a repeated vote changes nothing. Returns the totals after it.
     */
    async vote(
      opco: string,
      questionId: string,
      visitorId: string,
      isLike: boolean,
    ): Promise<{ likes: number; dislikes: number }> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(faqVisitorVotes)
          .values({ opco, questionId, visitorId, isLike })
          .onConflictDoNothing()
          .returning({ isLike: faqVisitorVotes.isLike });
        if (inserted.length > 0) return addToCounts(tx, opco, questionId, isLike ? 1 : 0, isLike ? 0 : 1);
        // The visitor voted before (the insert waited for any concurrent vote of theirs to commit).
        const before = await previousVote(tx, opco, questionId, visitorId);
        if (before === isLike) return addToCounts(tx, opco, questionId, 0, 0);
        await tx
          .update(faqVisitorVotes)
          .set({ isLike, votedAt: sql`now()` })
          .where(visitorVote(opco, questionId, visitorId));
        return addToCounts(tx, opco, questionId, isLike ? 1 : -1, isLike ? -1 : 1);
      });
    },

    async insertFeedback(row: typeof serviceFeedback.$inferInsert): Promise<number> {
      const rows = await db.insert(serviceFeedback).values(row).returning({ id: serviceFeedback.id });
      return rows[0]!.id;
    },
  };
}

export type HelpStore = ReturnType<typeof createHelpStore>;
