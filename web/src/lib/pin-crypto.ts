/**
 * The wallet PIN never leaves the browser in the clear (spec §5, §7): it is encrypted with the 2048-bit RSA
 * public key that `initiate` hands out (`encryptionKeyDetails.key`, base64 of the SPKI DER), RSA-OAEP with
 * SHA-256, and sent as base64. Web Crypto only: no library on the page.
 */
function fromBase64(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function toBase64(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export async function encryptPin(pin: string, publicKeyBase64: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'spki',
    fromBase64(publicKeyBase64),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const cipher = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(pin));
  return toBase64(cipher);
}
