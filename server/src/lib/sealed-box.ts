import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypted, authenticated, expiring tokens (AES-256-GCM) for state a browser carries but must neither read
 * nor change: the purchase a plain HTML form hands to the payment page travels in its URL, where a phone
 * number must not appear (URLs reach access logs and browser history). The key is derived from the
 * token-signing key for this purpose alone (HKDF), so no other token can be opened with it.
 */
export type SealedBox = {
  seal(value: unknown, ttlSeconds: number): string;
  /** The value, or undefined when the token is malformed, altered, from another key or expired. */
  open(token: string, now?: number): unknown;
};

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function createSealedBox(secret: string, purpose: string): SealedBox {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `portal:${purpose}`, 32));
  return {
    seal(value, ttlSeconds) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = JSON.stringify({ v: value, exp: Math.floor(Date.now() / 1000) + ttlSeconds });
      const encrypted = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, encrypted, cipher.getAuthTag()]).toString('base64url');
    },
    open(token, now = Date.now()) {
      const raw = Buffer.from(token, 'base64url');
      if (raw.length <= IV_BYTES + TAG_BYTES || raw.toString('base64url') !== token) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
        decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
        const body = Buffer.concat([
          decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
          decipher.final(),
        ]);
        const { v, exp } = JSON.parse(body.toString('utf8')) as { v: unknown; exp: number };
        return exp * 1000 > now ? v : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
