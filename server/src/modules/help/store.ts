import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Orm } from '../../db/connection.js';
import { faqs, faqVotes, serviceFeedback } from '../../db/schema/index.js';

export type FaqRow = Omit<typeof faqs.$inferSelect, 'updatedAt'>;
export type FaqWithVotes = FaqRow & { likes: number; dislikes: number };

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

    /** Every FAQ of a market with its votes, for the memory the service answers from. */
    async listAll(opco: string): Promise<FaqWithVotes[]> {
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
        .where(eq(faqs.opco, opco))
        .orderBy(asc(faqs.language), asc(faqs.rank));
    },

    /** Counts one vote atomically and returns the new totals. */
    async vote(
      opco: string,
      questionId: string,
      isLike: boolean,
    ): Promise<{ likes: number; dislikes: number }> {
      const like = isLike ? 1 : 0;
      const dislike = isLike ? 0 : 1;
      const rows = await db
        .insert(faqVotes)
        .values({ opco, questionId, likes: like, dislikes: dislike })
        .onConflictDoUpdate({
          target: [faqVotes.opco, faqVotes.questionId],
          set: {
            likes: sql`${faqVotes.likes} + ${like}`,
            dislikes: sql`${faqVotes.dislikes} + ${dislike}`,
            updatedAt: sql`now()`,
          },
        })
        .returning({ likes: faqVotes.likes, dislikes: faqVotes.dislikes });
      return rows[0]!;
    },

    async insertFeedback(row: typeof serviceFeedback.$inferInsert): Promise<number> {
      const rows = await db.insert(serviceFeedback).values(row).returning({ id: serviceFeedback.id });
      return rows[0]!.id;
    },
  };
}

export type HelpStore = ReturnType<typeof createHelpStore>;
