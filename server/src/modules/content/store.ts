import { and, eq, sql } from 'drizzle-orm';
import type { Orm } from '../../db/connection.js';
import { contentPages, marketConfig } from '../../db/schema/index.js';

export function createContentStore(db: Orm) {
  return {
    async upsertPages(opco: string, pages: { language: string; pageUrl: string; packageHtml: string }[]) {
      if (pages.length === 0) return;
      await db
        .insert(contentPages)
        .values(pages.map((p) => ({ opco, ...p })))
        .onConflictDoUpdate({
          target: [contentPages.opco, contentPages.language, contentPages.pageUrl],
          set: { packageHtml: sql`excluded.package_html`, updatedAt: sql`now()` },
        });
    },

    async findPage(opco: string, language: string, pageUrl: string) {
      const rows = await db
        .select({ packageHtml: contentPages.packageHtml, language: contentPages.language })
        .from(contentPages)
        .where(
          and(
            eq(contentPages.opco, opco),
            eq(contentPages.language, language),
            eq(contentPages.pageUrl, pageUrl),
          ),
        )
        .limit(1);
      return rows[0];
    },

    async upsertMarketConfig(code: string, configData: Record<string, unknown>) {
      await db
        .insert(marketConfig)
        .values({ code, configData })
        .onConflictDoUpdate({ target: marketConfig.code, set: { configData, updatedAt: sql`now()` } });
    },

    async findMarketConfig(code: string) {
      const rows = await db.select().from(marketConfig).where(eq(marketConfig.code, code)).limit(1);
      return rows[0];
    },

    async mergeOverrides(code: string, patch: Record<string, unknown>) {
      await db
        .update(marketConfig)
        .set({
          overrides: sql`${marketConfig.overrides} || ${JSON.stringify(patch)}::jsonb`,
          updatedAt: sql`now()`,
        })
        .where(eq(marketConfig.code, code));
    },

    async clearOverrides() {
      await db.update(marketConfig).set({ overrides: {}, updatedAt: sql`now()` });
    },
  };
}

export type ContentStore = ReturnType<typeof createContentStore>;
