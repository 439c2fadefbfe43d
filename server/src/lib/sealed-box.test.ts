import { describe, expect, it } from 'vitest';
import { createSealedBox } from './sealed-box.js';

describe('sealed box', () => {
  const box = createSealedBox('a'.repeat(64), 'purchase');

  it('opens what it sealed, and nothing readable travels in the token', () => {
    const token = box.seal({ msisdn: '8021000001', amount: 500 }, 60);
    expect(token).not.toContain('8021000001');
    expect(Buffer.from(token, 'base64url').toString('latin1')).not.toContain('8021000001');
    expect(box.open(token)).toEqual({ msisdn: '8021000001', amount: 500 });
  });

  it('refuses an altered, foreign, truncated or expired token', () => {
    const token = box.seal({ amount: 500 }, 60);
    const raw = Buffer.from(token, 'base64url');
    raw[raw.length - 20] = raw[raw.length - 20]! ^ 1;
    expect(box.open(raw.toString('base64url'))).toBeUndefined();
    expect(createSealedBox('b'.repeat(64), 'purchase').open(token)).toBeUndefined();
    expect(createSealedBox('a'.repeat(64), 'other').open(token)).toBeUndefined();
    expect(box.open(token.slice(0, 20))).toBeUndefined();
    expect(box.open('not a token!')).toBeUndefined();
    expect(box.open(token, Date.now() + 61_000)).toBeUndefined();
  });
});
