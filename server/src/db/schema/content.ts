import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Content pages served by `cms/webpage/activePackage`, loaded from content/ on start. */
export const contentPages = pgTable(
  'content_pages',
  {
    opco: text('opco').notNull(),
    language: text('language').notNull(),
    pageUrl: text('page_url').notNull(),
    packageHtml: text('package_html').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.opco, t.language, t.pageUrl] })],
);

/** configData per market code; `overrides` holds run-time changes (sandbox `PATCH /sandbox/config`). */
export const marketConfig = pgTable('market_config', {
  code: text('code').primaryKey(),
  configData: jsonb('config_data').$type<Record<string, unknown>>().notNull(),
  overrides: jsonb('overrides').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
