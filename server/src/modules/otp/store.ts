import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Orm } from '../../db/connection.js';
import { otpChallenges, otpSends } from '../../db/schema/index.js';

export type OtpChallengeRow = typeof otpChallenges.$inferSelect;

export type SendLimits = {
  /** Seconds between two sends of one challenge (the spec's 60 s resend countdown). */
  resendAfterSeconds: number;
  /** Sends (first and resends) of one challenge: each resend gives five tries again, so this bounds guesses. */
  perChallenge: number;
  /** Sends per hour to one number from one client address. */
  perNumberPerClient: number;
  /** Sends per hour from one client address, to any numbers. */
  perClient: number;
  /** Past this many sends to a number in an hour (from anyone), each further send waits longer (see below). */
  numberBackoffAfter: number;
  numberBackoffMaxSeconds: number;
};

export type SendRefusal = 'too-soon' | 'challenge' | 'number-and-client' | 'client' | 'number-backoff';

/**
 * A send refused by the first limit in its way, with about how long until that limit lets a send through, or
 * recorded with the wait before its challenge's next send.
 */
export type SendReservation =
  { refused: SendRefusal; retryAfterSeconds: number } | { refused?: undefined; nextSendAfterSeconds: number };

const HOUR_SECONDS = 3600;

/**
 * The wait before the next send to a number that had `sendsLastHour` sends from anyone: none up to the
 * threshold, then 1, 2, 4, 8... minutes after the previous send, capped. Others sending to the number can slow
 * its owner down by at most the cap, never lock them out for the hour.
 */
export function numberBackoffSeconds(sendsLastHour: number, limits: SendLimits): number {
  if (sendsLastHour < limits.numberBackoffAfter) return 0;
  const doublings = Math.min(sendsLastHour - limits.numberBackoffAfter, 20);
  return Math.min(60 * 2 ** doublings, limits.numberBackoffMaxSeconds);
}

export function createOtpStore(db: Orm) {
  return {
    /**
     * Checks the send limits and records this send in one transaction, holding advisory locks on the number and
     * the client address, so that parallel requests (on any instance) cannot pass the limits together. Returns
     * the first limit in the way, recording nothing, or, when the send is recorded, how long until the same
     * challenge may be sent again: the resend wait, or the number's back-off once this send has added to it.
     * Times are the database's, so every instance agrees on them.
     */
    async reserveSend(
      send: { id: string; challengeId: string; msisdn: string; clientIp: string },
      limits: SendLimits,
    ): Promise<SendReservation> {
      return db.transaction(async (tx) => {
        // Always the number first, then the address (two lock namespaces): no lock-order cycles.
        await tx.execute(sql`select pg_advisory_xact_lock(7201, hashtext(${send.msisdn}))`);
        await tx.execute(sql`select pg_advisory_xact_lock(7202, hashtext(${send.clientIp}))`);
        const lastHour = async (where: SQL) => {
          const rows = await tx
            .select({
              n: sql<number>`count(*)::int`,
              sinceLast: sql<number | null>`extract(epoch from now() - max(${otpSends.sentAt}))::float8`,
              sinceFirst: sql<number | null>`extract(epoch from now() - min(${otpSends.sentAt}))::float8`,
            })
            .from(otpSends)
            .where(and(where, gt(otpSends.sentAt, sql`now() - interval '1 hour'`)));
          const row = rows[0];
          return {
            n: Number(row?.n ?? 0),
            sinceLast: row?.sinceLast ?? null,
            sinceFirst: row?.sinceFirst ?? 0,
          };
        };
        const refuse = (refused: SendRefusal, waitSeconds: number) => ({
          refused,
          retryAfterSeconds: Math.max(1, Math.ceil(waitSeconds)),
        });
        // An hour's count is full until its oldest send is an hour old.
        const hourFull = (refused: SendRefusal, count: { sinceFirst: number }) =>
          refuse(refused, HOUR_SECONDS - count.sinceFirst);
        const challenge = await lastHour(eq(otpSends.challengeId, send.challengeId));
        if (challenge.sinceLast !== null && challenge.sinceLast < limits.resendAfterSeconds)
          return refuse('too-soon', limits.resendAfterSeconds - challenge.sinceLast);
        if (challenge.n >= limits.perChallenge) return hourFull('challenge', challenge);
        const fromClient = await lastHour(
          and(eq(otpSends.msisdn, send.msisdn), eq(otpSends.clientIp, send.clientIp))!,
        );
        if (fromClient.n >= limits.perNumberPerClient) return hourFull('number-and-client', fromClient);
        const client = await lastHour(eq(otpSends.clientIp, send.clientIp));
        if (client.n >= limits.perClient) return hourFull('client', client);
        const toNumber = await lastHour(eq(otpSends.msisdn, send.msisdn));
        const wait = numberBackoffSeconds(toNumber.n, limits);
        if (toNumber.sinceLast !== null && toNumber.sinceLast < wait)
          return refuse('number-backoff', wait - toNumber.sinceLast);
        await tx.insert(otpSends).values(send);
        const backoff = numberBackoffSeconds(toNumber.n + 1, limits);
        return { nextSendAfterSeconds: Math.max(limits.resendAfterSeconds, backoff) };
      });
    },

    async forgetSends() {
      await db.delete(otpSends);
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
