import { constants, createPublicKey, publicEncrypt } from 'node:crypto';

/**
 * A PIN encrypted as the browser sends it (RSA-OAEP, SHA-256, under the base64 SPKI key that `initiate`
 * answers), for the server's tests and the soak's drivers. Node only: the browser has its own (lib/pin-crypto).
 */
export function encryptPin(pin: string, key: string): string {
  return publicEncrypt(
    {
      key: createPublicKey({ key: Buffer.from(key, 'base64'), format: 'der', type: 'spki' }),
      padding: constants.RSA_PKCS1_OAEP_PADDING,
      oaepHash: 'sha256',
    },
    Buffer.from(pin),
  ).toString('base64');
}
