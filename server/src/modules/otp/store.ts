import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Orm } from '../../db/connection.js';
import { otpChallenges, otpSends } from '../../db/schema/index.js';

export type OtpChallengeRow = typeof otpChallenges.$inferSelect;

export function createOtpStore(db: Orm) {
  return {
    /**
     * Counts the sends of the last hour and records this one in one transaction, holding advisory locks on
     * the number and the client address, so that parallel requests (on any instance) cannot pass the limits
     * together. Returns false, recording nothing, when either limit is reached.
     */
    async reserveSend(
      send: { id: string; challengeId: string; msisdn: string; clientIp: string },
      limits: { perNumber: number; perClient: number },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        // Always the number first, then the address (two lock namespaces): no lock-order cycles.
        await tx.execute(sql`select pg_advisory_xact_lock(7201, hashtext(${send.msisdn}))`);
        await tx.execute(sql`select pg_advisory_xact_lock(7202, hashtext(${send.clientIp}))`);
        const count = async (where: SQL) => {
          const rows = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(otpSends)
            .where(and(where, gt(otpSends.sentAt, sql`now() - interval '1 hour'`)));
          return Number(rows[0]?.n ?? 0);
        };
        if ((await count(eq(otpSends.msisdn, send.msisdn))) >= limits.perNumber) return false;
        if ((await count(eq(otpSends.clientIp, send.clientIp))) >= limits.perClient) return false;
        await tx.insert(otpSends).values(send);
        return true;
      });
    },

    async insert(row: typeof otpChallenges.$inferInsert) {
      await db.insert(otpChallenges).values(row);
    },

    async find(id: string) {
      const rows = await db.select().from(otpChallenges).where(eq(otpChallenges.id, id)).limit(1);
      return rows[0];
    },

    async replaceCode(id: string, codeHash: string, attemptsLeft: number, expiresAt: Date) {
      await db
        .update(otpChallenges)
        .set({ codeHash, attemptsLeft, expiresAt, sends: sql`${otpChallenges.sends} + 1` })
        .where(and(eq(otpChallenges.id, id), isNull(otpChallenges.verifiedAt)));
    },

    /** Spends one try atomically; returns the tries left after it, or undefined when none were left. */
    async spendAttempt(id: string): Promise<number | undefined> {
      const rows = await db
        .update(otpChallenges)
        .set({ attemptsLeft: sql`${otpChallenges.attemptsLeft} - 1` })
        .where(
          and(eq(otpChallenges.id, id), gt(otpChallenges.attemptsLeft, 0), isNull(otpChallenges.verifiedAt)),
        )
        .returning({ attemptsLeft: otpChallenges.attemptsLeft });
      return rows[0]?.attemptsLeft;
    },

    /** Marks the challenge verified once; false when it already was (a code is single use). */
    async markVerified(id: string): Promise<boolean> {
      const rows = await db
        .update(otpChallenges)
        .set({ verifiedAt: new Date() })
        .where(and(eq(otpChallenges.id, id), isNull(otpChallenges.verifiedAt)))
        .returning({ id: otpChallenges.id });
      return rows.length > 0;
    },

    /** Spends a verified challenge's unique code once. */
    async useUniqueCode(id: string): Promise<boolean> {
      const rows = await db
        .update(otpChallenges)
        .set({ uniqueCodeUsedAt: new Date() })
        .where(and(eq(otpChallenges.id, id), isNull(otpChallenges.uniqueCodeUsedAt)))
        .returning({ id: otpChallenges.id });
      return rows.length > 0;
    },
  };
}

export type OtpStore = ReturnType<typeof createOtpStore>;
