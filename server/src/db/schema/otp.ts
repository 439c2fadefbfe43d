import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One-time-code challenges. The code itself is never stored: only an HMAC of it, keyed by the server's
 * signing key and bound to the challenge id. `uniqueCode` is what a verified challenge hands out to be
 * spent once on the purpose and number it was issued for.
 */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: text('id').primaryKey(),
    msisdn: text('msisdn').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    context: jsonb('context').$type<Record<string, unknown>>().notNull().default({}),
    attemptsLeft: integer('attempts_left').notNull(),
    sends: integer('sends').notNull().default(1),
    clientIp: text('client_ip').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    uniqueCodeUsedAt: timestamp('unique_code_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('otp_msisdn_created_idx').on(t.msisdn, t.createdAt),
    index('otp_ip_created_idx').on(t.clientIp, t.createdAt),
    index('otp_created_idx').on(t.createdAt),
  ],
);

/** Every send (first or resend), for the per-number and per-client hourly limits shared by all instances. */
export const otpSends = pgTable(
  'otp_sends',
  {
    id: text('id').primaryKey(),
    challengeId: text('challenge_id').notNull(),
    msisdn: text('msisdn').notNull(),
    clientIp: text('client_ip').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('otp_sends_msisdn_idx').on(t.msisdn, t.sentAt),
    index('otp_sends_ip_idx').on(t.clientIp, t.sentAt),
    index('otp_sends_sent_idx').on(t.sentAt),
  ],
);
