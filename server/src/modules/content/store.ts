import { eq, sql } from 'drizzle-orm';
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

    /** Every page of a market, for the memory the service answers from. */
    async listPages(opco: string) {
      return db
        .select({
          language: contentPages.language,
          pageUrl: contentPages.pageUrl,
          packageHtml: contentPages.packageHtml,
        })
        .from(contentPages)
        .where(eq(contentPages.opco, opco));
    },

    async listMarketConfigs() {
      return db.select().from(marketConfig);
    },

    async upsertMarketConfig(code: string, configData: Record<string, unknown>) {
      await db
        .insert(marketConfig)
        .values({ code, configData })
        .onConflictDoUpdate({ target: marketConfig.code, set: { configData, updatedAt: sql`now()` } });
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
