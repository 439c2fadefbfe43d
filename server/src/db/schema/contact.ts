import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Messages of the Contact Us form (content page get-contact-form-schema). Customer care reads them; the
 * privacy notice promises 12 months after the answer.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    /** `CNT` + 16 Crockford base32 characters: the reference the visitor is shown. */
    id: text('id').primaryKey(),
    opco: text('opco').notNull(),
    language: text('language').notNull(),
    fullName: text('full_name').notNull(),
    /** International form (234...). */
    msisdn: text('msisdn').notNull(),
    email: text('email'),
    topic: text('topic').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);
