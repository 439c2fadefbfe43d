import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptPin } from './pin-crypto';

describe('PIN encryption (spec §5, §7)', () => {
  it('encrypts with RSA-OAEP SHA-256 under the base64 SPKI key, as the server decrypts it', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const spki = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const encrypted = await encryptPin('1234', spki);
    expect(encrypted).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(encrypted, 'base64')).toHaveLength(256);
    expect(encrypted).not.toContain('1234');
    const plain = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(encrypted, 'base64'),
    );
    expect(plain.toString()).toBe('1234');
    // Randomised padding: the same PIN never gives the same text twice.
    expect(await encryptPin('1234', spki)).not.toBe(encrypted);
  });

  it('rejects a key that is not an RSA public key', async () => {
    await expect(encryptPin('1234', btoa('not a key'))).rejects.toBeTruthy();
  });
});
