import { describe, expect, it } from 'vitest';
import { createTokenSigner } from './tokens.js';

describe('token signatures and keyed hashes', () => {
  const signer = createTokenSigner('a'.repeat(48));

  it('signs and verifies access tokens', () => {
    const claims = { sub: '2348021000001', purpose: 'PAYMENT', challengeId: 'C1', exp: 2_000_000_000 };
    expect(signer.verify(signer.sign(claims), 0)).toEqual(claims);
  });

  it('use separate keys: the keyed hash of a token body is not its signature', () => {
    const token = signer.sign({ sub: 's', purpose: 'p', challengeId: 'c', exp: 2_000_000_000 });
    const [body, signature] = token.split('.') as [string, string];
    const hash = signer.hash(body);
    expect(Buffer.from(signature, 'base64url').toString('hex')).not.toBe(hash);
    // A token forged from a keyed hash (what an OTP record stores) is refused.
    expect(signer.verify(`${body}.${Buffer.from(hash, 'hex').toString('base64url')}`, 0)).toBeUndefined();
  });
});
