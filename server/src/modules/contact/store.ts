import type { Orm } from '../../db/connection.js';
import { contactMessages } from '../../db/schema/contact.js';

export type ContactMessageRow = typeof contactMessages.$inferInsert;

export function createContactStore(db: Orm) {
  return {
    async insert(row: ContactMessageRow): Promise<void> {
      await db.insert(contactMessages).values(row);
    },
  };
}

export type ContactStore = ReturnType<typeof createContactStore>;
