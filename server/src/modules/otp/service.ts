import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_ATTEMPTS, toInternational, toKobo, toNational, type OtpPurpose } from '@portal/contract';
import { AppError } from '../../lib/app-error.js';
import type { TokenSigner } from '../../lib/tokens.js';
import type { SmsPort } from '../../upstream/sms.js';
import type { SubscriberService } from '../subscriber/service.js';
import { otpSmsText } from './sms-text.js';
import type { OtpChallengeRow, OtpStore, SendLimits } from './store.js';

export const OTP_TTL_SECONDS = 5 * 60;
export const RESEND_AFTER_SECONDS = 60;
const ACCESS_TOKEN_TTL_SECONDS = 10 * 60;
/** How long a verified challenge vouches for its number (a bill fetch, a balance look, a payment). */
export const VERIFIED_VALID_SECONDS = 15 * 60;
const TOKEN_PURPOSES: readonly OtpPurpose[] = ['PAYMENT', 'AUTH'];

type Deps = {
  store: OtpStore;
  sms: SmsPort;
  signer: TokenSigner;
  subscribers: SubscriberService;
  limits: SendLimits;
  brandName: () => Promise<string>;
};

const reverify = () => new AppError('OTP_REVERIFY');

/** A payment code authorises the amount it was sent for, and nothing when it was sent without one. */
function requireBoundAmount(challenge: OtpChallengeRow, amount: number) {
  const bound = challenge.context['amountKobo'];
  if (typeof bound !== 'number' || bound !== toKobo(amount)) {
    throw new AppError('OTP_OTHER_AMOUNT');
  }
}

const newId = (prefix: string) =>
  `${prefix}${Date.now().toString(36).toUpperCase()}${randomBytes(6).toString('hex').toUpperCase()}`;

/**
 * One-time codes: a secure random 6-digit code, stored only as a keyed hash, valid 5 minutes, 5 tries,
 * single use, bound to the number and purpose (and, for payments, the amount) it was sent for. Sends
 * are limited per number and per client address per hour, counted in the database so every instance
 * sees the same counts.
 */
export function createOtpService(deps: Deps) {
  const { store, signer } = deps;

  /**
   * Records a send within the limits (atomically, see the store), else 502 'max limit exhausted' (the spec's
   * one answer for every send limit; the log says which limit it was).
   */
  async function reserveSend(challengeId: string, msisdn: string, clientIp: string): Promise<number> {
    const send = { id: newId('S'), challengeId, msisdn, clientIp };
    const reserved = await store.reserveSend(send, deps.limits);
    if (reserved.refused) {
      // About how long until a send can go through: the page tells the subscriber rather than 'sometime'.
      throw new AppError('OTP_LIMIT', {
        details: { limit: reserved.refused },
        result: { retryAfterSeconds: reserved.retryAfterSeconds },
      });
    }
    return reserved.nextSendAfterSeconds;
  }

  function newCode(challengeId: string): { code: string; codeHash: string } {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    return { code, codeHash: signer.hash('otp', challengeId, code) };
  }

  async function deliver(msisdn: string, code: string, language: string) {
    const brand = await deps.brandName();
    await deps.sms.send(msisdn, otpSmsText(language, { brand, code, minutes: OTP_TTL_SECONDS / 60 }));
  }

  /** Constant-time comparison of two hex digests (or any two strings). */
  function sameSecret(a: string, b: string): boolean {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  }

  function uniqueCodeFor(challenge: Pick<OtpChallengeRow, 'id' | 'msisdn' | 'purpose'>) {
    return `${challenge.id}.${signer.hash('unique', challenge.id, challenge.msisdn, challenge.purpose)}`;
  }

  /**
   * `nextSendAfterSeconds` is when the server will take a resend: the dialog counts down the spec's 60 s, or
   * longer when a stricter resend wait or the number's back-off would refuse a resend at 60 s.
   */
  function challengeResult(id: string, msisdn: string, nextSendAfterSeconds: number) {
    const national = toNational(msisdn);
    return {
      otpId: id,
      refId: id,
      // Masked: the page shows where the code went without echoing the whole number.
      otpRecipient: `${national.slice(0, 3)}****${national.slice(-3)}`,
      resendAfterSeconds: Math.max(RESEND_AFTER_SECONDS, nextSendAfterSeconds),
      expiresInSeconds: OTP_TTL_SECONDS,
    };
  }

  async function verifyCode(id: string, otp: string): Promise<OtpChallengeRow> {
    const challenge = await store.find(id);
    if (!challenge) throw new AppError('OTP_EXPIRED');
    if (challenge.verifiedAt) throw new AppError('OTP_USED');
    if (challenge.attemptsLeft <= 0) throw new AppError('OTP_EXHAUSTED', { result: { attemptsLeft: 0 } });
    if (challenge.expiresAt.getTime() < Date.now()) throw new AppError('OTP_EXPIRED');
    // The try is spent before the comparison, atomically, so parallel guesses cannot exceed five.
    const left = await store.spendAttempt(id);
    if (left === undefined) throw new AppError('OTP_EXHAUSTED', { result: { attemptsLeft: 0 } });
    if (!sameSecret(signer.hash('otp', id, otp), challenge.codeHash)) {
      if (left === 0) throw new AppError('OTP_EXHAUSTED', { result: { attemptsLeft: 0 } });
      throw new AppError('OTP_WRONG', { result: { attemptsLeft: left } });
    }
    if (!(await store.markVerified(id))) throw new AppError('OTP_USED');
    return challenge;
  }

  function parseUniqueCode(uniqueCode: string) {
    const [id, mac] = uniqueCode.split('.');
    if (!id || !mac) throw new AppError('OTP_REVERIFY');
    return { id, mac };
  }

  const service = {
    async send(input: {
      msisdn: string;
      purpose: OtpPurpose;
      amount?: number;
      context?: Record<string, unknown>;
      clientIp: string;
      /** The language of the page that asked: the SMS is written in it. */
      language: string;
    }) {
      await deps.subscribers.requireSubscriber(input.msisdn);
      const msisdn = toInternational(input.msisdn);
      const id = newId('OTP');
      const nextSendAfter = await reserveSend(id, msisdn, input.clientIp);
      const { code, codeHash } = newCode(id);
      // The challenge exists before the SMS leaves, so a code typed the instant it arrives is found.
      await store.insert({
        id,
        msisdn,
        purpose: input.purpose,
        codeHash,
        context: {
          ...input.context,
          ...(input.amount !== undefined ? { amountKobo: toKobo(input.amount) } : {}),
        },
        attemptsLeft: OTP_ATTEMPTS,
        clientIp: input.clientIp,
        expiresAt: new Date(Date.now() + OTP_TTL_SECONDS * 1000),
      });
      await deliver(msisdn, code, input.language);
      return challengeResult(id, msisdn, nextSendAfter);
    },

    /** A new code for the same challenge (the old one stops working); the tries start again at five. */
    async resend(id: string, clientIp: string, language: string) {
      const challenge = await store.find(id);
      if (!challenge || challenge.verifiedAt) throw new AppError('OTP_EXPIRED');
      const nextSendAfter = await reserveSend(id, challenge.msisdn, clientIp);
      const { code, codeHash } = newCode(id);
      await store.replaceCode(id, codeHash, OTP_ATTEMPTS, new Date(Date.now() + OTP_TTL_SECONDS * 1000));
      await deliver(challenge.msisdn, code, language);
      return challengeResult(id, challenge.msisdn, nextSendAfter);
    },

    async verify(id: string, otp: string) {
      const challenge = await verifyCode(id, otp);
      return { otpId: id, uniqueCode: uniqueCodeFor(challenge) };
    },

    /** verify-user: the code proves the number; the answer is a short-lived bearer token for PIN payments. */
    async verifyUser(input: {
      refId: string;
      otp: string;
      username: string;
      paymentMode?: string | undefined;
    }) {
      const challenge = await store.find(input.refId);
      if (challenge && toInternational(input.username) !== challenge.msisdn)
        throw new AppError('INVALID_USER');
      // Only a code sent to authorise a payment buys a payment token (a bill-fetch code does not).
      if (challenge && !TOKEN_PURPOSES.includes(challenge.purpose as OtpPurpose)) {
        throw new AppError('OTP_NOT_FOR_PAYMENT');
      }
      const verified = await verifyCode(input.refId, input.otp);
      const accessToken = signer.sign({
        sub: verified.msisdn,
        purpose: input.paymentMode ?? verified.purpose,
        challengeId: verified.id,
        exp: Math.floor(Date.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS,
      });
      return {
        tokenType: 'Bearer' as const,
        accessToken,
        expiresIn: ACCESS_TOKEN_TTL_SECONDS,
        uniqueCode: uniqueCodeFor(verified),
      };
    },

    /**
     * Checks that a unique code comes from a verified challenge for this number (and purpose and amount,
     * when given). Does not spend it: the balance query may look before the payment spends it.
     */
    async checkUniqueCode(
      uniqueCode: string,
      bind: { msisdn: string; purposes: OtpPurpose[]; amount?: number },
    ) {
      const { id, mac } = parseUniqueCode(uniqueCode);
      const challenge = await store.find(id);
      const invalid = new AppError('OTP_REVERIFY');
      if (!challenge || !challenge.verifiedAt || challenge.uniqueCodeUsedAt) throw invalid;
      if (!sameSecret(uniqueCodeFor(challenge), `${id}.${mac}`)) throw invalid;
      if (
        challenge.msisdn !== toInternational(bind.msisdn) ||
        !bind.purposes.includes(challenge.purpose as OtpPurpose)
      )
        throw invalid;
      // A verified code stays usable for the length of a payment, not forever.
      if (challenge.verifiedAt.getTime() + VERIFIED_VALID_SECONDS * 1000 < Date.now()) throw invalid;
      const boundAmount = challenge.context['amountKobo'];
      if (
        bind.amount !== undefined &&
        typeof boundAmount === 'number' &&
        boundAmount !== toKobo(bind.amount)
      ) {
        throw new AppError('OTP_OTHER_AMOUNT');
      }
      return challenge;
    },

    /**
     * Checks that `otpId` names a challenge verified (in the last 15 minutes) for this number and one of these
     * purposes: the bill fetch of `subscriber/v1/bill {msisdn, otpId}`. A read, so it does not spend anything.
     */
    async requireVerified(otpId: string, bind: { msisdn: string; purposes: OtpPurpose[] }) {
      const challenge = await store.find(otpId);
      const invalid = new AppError('OTP_REVERIFY');
      if (!challenge?.verifiedAt) throw invalid;
      if (challenge.msisdn !== toInternational(bind.msisdn)) throw invalid;
      if (!bind.purposes.includes(challenge.purpose as OtpPurpose)) throw invalid;
      if (challenge.verifiedAt.getTime() + VERIFIED_VALID_SECONDS * 1000 < Date.now()) throw invalid;
      return challenge;
    },

    /**
     * True when this (genuine) unique code, for this number and purpose, was spent by another request
     * within `withinMs`: a twin of the caller's request is in flight, and its result is worth waiting for.
     */
    async spentRecently(
      uniqueCode: string,
      bind: { msisdn: string; purposes: OtpPurpose[] },
      withinMs: number,
    ): Promise<boolean> {
      const [id, mac] = uniqueCode.split('.');
      if (!id || !mac) return false;
      const challenge = await store.find(id);
      if (!challenge?.uniqueCodeUsedAt || !sameSecret(uniqueCodeFor(challenge), `${id}.${mac}`)) return false;
      if (challenge.msisdn !== toInternational(bind.msisdn)) return false;
      if (!bind.purposes.includes(challenge.purpose as OtpPurpose)) return false;
      return Date.now() - challenge.uniqueCodeUsedAt.getTime() < withinMs;
    },

    /**
     * Spends the uniqueCode of a verified payment code on one airtime payment: the code must have been sent
     * to the payer for exactly this amount (a code sent without an amount authorises no payment). Returns
     * the challenge id, the proof of consent kept with the payment.
     */
    async spendPaymentCode(uniqueCode: string, bind: { msisdn: string; amount: number }): Promise<string> {
      const challenge = await service.checkPaymentCode(uniqueCode, bind);
      if (!(await store.useUniqueCode(challenge.id))) throw reverify();
      return challenge.id;
    },

    /** Checks that uniqueCode names a verified code sent to the payer for exactly this amount, not spent yet. */
    async checkPaymentCode(uniqueCode: string, bind: { msisdn: string; amount: number }) {
      const challenge = await service.checkUniqueCode(uniqueCode, { ...bind, purposes: ['PAYMENT'] });
      requireBoundAmount(challenge, bind.amount);
      return challenge;
    },

    /**
     * Spends the verify-user token on one PIN payment: issued to the payer, for a code sent for exactly this
     * amount, and not spent before. Returns the challenge id, kept with the payment so that `process` (which
     * sends the PIN, perhaps several times after a wrong PIN) accepts this token for this payment only.
     */
    async spendPaymentToken(
      authorization: string | undefined,
      bind: { msisdn: string; amount: number },
    ): Promise<string> {
      const claims = service.verifyAccessToken(authorization, bind.msisdn);
      const challenge = await store.find(claims.challengeId);
      if (!challenge?.verifiedAt || !TOKEN_PURPOSES.includes(challenge.purpose as OtpPurpose))
        throw new AppError('UNAUTHORIZED');
      requireBoundAmount(challenge, bind.amount);
      if (!(await store.useUniqueCode(challenge.id))) throw reverify();
      return challenge.id;
    },

    /** The verify-user token of the payment that spent it (its challenge), for the payer. */
    checkPaymentToken(authorization: string | undefined, bind: { msisdn: string; challengeId: unknown }) {
      const claims = service.verifyAccessToken(authorization, bind.msisdn);
      if (typeof bind.challengeId !== 'string' || claims.challengeId !== bind.challengeId)
        throw new AppError('UNAUTHORIZED');
    },

    /** Spends a unique code once (the payment that it authorises). */
    async useUniqueCode(
      uniqueCode: string,
      bind: { msisdn: string; purposes: OtpPurpose[]; amount?: number },
    ) {
      const challenge = await service.checkUniqueCode(uniqueCode, bind);
      if (!(await store.useUniqueCode(challenge.id))) {
        throw new AppError('OTP_REVERIFY');
      }
      return challenge;
    },

    /**
     * Sandbox reset only: the send limits start afresh, so someone trying the portal again and again with the
     * sandbox's few numbers is not told 'max limit exhausted' for the next hour.
     */
    async forgetSends() {
      await store.forgetSends();
    },

    /** The bearer token of verify-user, checked for the number it was issued to. */
    verifyAccessToken(authorization: string | undefined, msisdn: string) {
      const token = authorization?.replace(/^Bearer\s+/i, '') ?? '';
      const claims = token ? signer.verify(token) : undefined;
      if (!claims || claims.sub !== toInternational(msisdn)) throw new AppError('UNAUTHORIZED');
      return claims;
    },
  };
  return service;
}

export type OtpService = ReturnType<typeof createOtpService>;
