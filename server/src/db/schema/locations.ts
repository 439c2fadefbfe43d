import { doublePrecision, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Shops and dealers of the store locator (spec §3 "Shop"), loaded from content/data/shops.json on start.
 * Distance ordering is computed in SQL (haversine) after a bounding-box filter on this index, so it runs on
 * PGlite and on PostgreSQL 15 without PostGIS.
 */
export const shops = pgTable(
  'shops',
  {
    id: text('id').primaryKey(),
    opco: text('opco').notNull(),
    /** 'shop' or 'dealer'. */
    type: text('type').notNull(),
    name: text('name').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    phyLocation: text('phy_location').notNull(),
    phNumber: text('ph_number').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shops_opco_type_lat_idx').on(t.opco, t.type, t.latitude)],
);
