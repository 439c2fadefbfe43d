import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Short signed tokens (payload.signature, base64url) for the access token of verify-user. HMAC-SHA256
 * with the token-signing key from the environment; expiry inside the payload.
 */
export type TokenClaims = { sub: string; purpose: string; challengeId: string; exp: number };

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** A key of its own for one use, derived from the configured secret (HKDF-SHA256). */
export function derivedKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'selfcare-portal', purpose, 32));
}

/**
 * Tokens are signed and one-time codes hashed with two different keys derived from TOKEN_SIGNING_KEY, so a
 * keyed hash can never pass for a token signature, nor the other way round.
 */
export function createTokenSigner(secret: string) {
  const tokenKey = derivedKey(secret, 'access-token signature');
  const hashKey = derivedKey(secret, 'keyed hash');
  const sign = (data: string) => createHmac('sha256', tokenKey).update(data).digest('base64url');
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
      return createHmac('sha256', hashKey).update(parts.join('\u0000')).digest('hex');
    },
  };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;
