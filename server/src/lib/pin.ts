import { constants, createPrivateKey, createPublicKey, privateDecrypt } from 'node:crypto';
import { PIN_RE } from '@portal/contract';
import { AppError } from './app-error.js';

/**
 * Wallet PINs travel encrypted with RSA-OAEP (SHA-256) under a 2048-bit key: the browser encrypts
 * with the public key from `initiate`; only this process can read it, and only in memory.
 */
export function createPinCrypto(privateKeyPem: string, publicKeyPem: string) {
  const privateKey = createPrivateKey(privateKeyPem);
  const spki = createPublicKey(publicKeyPem).export({ type: 'spki', format: 'der' });
  return {
    /** Base64 SPKI DER, what Web Crypto's importKey('spki') takes. */
    publicKey: spki.toString('base64'),
    decrypt(encrypted: string): string {
      let pin: string;
      try {
        pin = privateDecrypt(
          { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(encrypted, 'base64'),
        ).toString('utf8');
      } catch {
        throw new AppError('PIN_UNREADABLE');
      }
      if (!PIN_RE.test(pin)) throw new AppError('PIN_FORMAT');
      return pin;
    },
  };
}
