import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short signed tokens (payload.signature, base64url) for the access token of verify-user. HMAC-SHA256
 * with the token-signing key from the environment; expiry inside the payload.
 */
export type TokenClaims = { sub: string; purpose: string; challengeId: string; exp: number };

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export function createTokenSigner(key: string) {
  const sign = (data: string) => createHmac('sha256', key).update(data).digest('base64url');
  return {
    sign(claims: TokenClaims): string {
      const body = b64(JSON.stringify(claims));
      return `${body}.${sign(body)}`;
    },
    verify(token: string, now = Date.now()): TokenClaims | undefined {
      const [body, signature] = token.split('.');
      if (!body || !signature) return undefined;
      const expected = Buffer.from(sign(body));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      try {
        const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenClaims;
        return claims.exp * 1000 > now ? claims : undefined;
      } catch {
        return undefined;
      }
    },
    /** A keyed hash for secrets we must compare but never store (one-time codes). */
    hash(...parts: string[]): string {
      return createHmac('sha256', key).update(parts.join('\u0000')).digest('hex');
    },
  };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;
