import { and, asc, between, eq, notInArray, sql } from 'drizzle-orm';
import type { Orm } from '../../db/connection.js';
import { shops } from '../../db/schema/index.js';
import { boundingDeltas, EARTH_RADIUS_KM } from './geo.js';

export type ShopRow = typeof shops.$inferSelect;
export type ShopInput = Omit<ShopRow, 'updatedAt'>;

export function createLocationsStore(db: Orm) {
  return {
    /** Makes the table hold exactly `rows` for the market (content files are the source of truth). */
    async replaceShops(opco: string, rows: ShopInput[]) {
      await db.transaction(async (tx) => {
        if (rows.length > 0) {
          await tx
            .insert(shops)
            .values(rows)
            .onConflictDoUpdate({
              target: shops.id,
              set: {
                opco: sql`excluded.opco`,
                type: sql`excluded.type`,
                name: sql`excluded.name`,
                latitude: sql`excluded.latitude`,
                longitude: sql`excluded.longitude`,
                phyLocation: sql`excluded.phy_location`,
                phNumber: sql`excluded.ph_number`,
                city: sql`excluded.city`,
                state: sql`excluded.state`,
                updatedAt: sql`now()`,
              },
            });
        }
        const keep = rows.map((r) => r.id);
        await tx
          .delete(shops)
          .where(
            keep.length > 0 ? and(eq(shops.opco, opco), notInArray(shops.id, keep)) : eq(shops.opco, opco),
          );
      });
    },

    /**
     * Shops of a type within `radiusKm` of a point, nearest first. A latitude band (indexed) narrows the
     * rows; the haversine distance (same formula and radius as geo.ts) filters and orders them.
     */
    async findNear(q: {
      opco: string;
      type: string;
      lat: number;
      lng: number;
      radiusKm: number;
      limit: number;
    }) {
      const { dLat } = boundingDeltas(q.lat, q.radiusKm);
      const lat = sql`${q.lat}::float8`;
      const lng = sql`${q.lng}::float8`;
      const distanceKm = sql<number>`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1::float8, sqrt(
        power(sin(radians(${shops.latitude} - ${lat}) / 2), 2)
        + cos(radians(${lat})) * cos(radians(${shops.latitude})) * power(sin(radians(${shops.longitude} - ${lng}) / 2), 2)
      ))))`;
      return db
        .select({
          id: shops.id,
          type: shops.type,
          name: shops.name,
          latitude: shops.latitude,
          longitude: shops.longitude,
          phyLocation: shops.phyLocation,
          phNumber: shops.phNumber,
          city: shops.city,
          state: shops.state,
          distanceKm,
        })
        .from(shops)
        .where(
          and(
            eq(shops.opco, q.opco),
            eq(shops.type, q.type),
            between(shops.latitude, q.lat - dLat, q.lat + dLat),
            sql`${distanceKm} <= ${q.radiusKm}::float8`,
          ),
        )
        .orderBy(distanceKm, asc(shops.id))
        .limit(q.limit);
    },
  };
}

export type LocationsStore = ReturnType<typeof createLocationsStore>;
