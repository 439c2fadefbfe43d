import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logPrivacyOptions, withoutSecrets } from './redact.js';

/** A logger with the production privacy options, writing its lines into `lines`. */
function privateLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: pino(logPrivacyOptions(), sink), lines };
}

describe('log redaction', () => {
  it('never writes PINs, codes, card data, keys or tokens', () => {
    const { log, lines } = privateLogger();
    log.info({
      body: { amPin: 'ENCRYPTED-PIN', otp: '123456', uniqueCode: 'OTP1.abc' },
      req: { headers: { authorization: 'Bearer secret-token', cookie: 'sid=1' } },
      pin: '1234',
      card: { cardNumber: '4084084084084081', cvv: '408' },
      config: { secretKey: 'sk_test_x', privateKey: '-----BEGIN PRIVATE KEY-----' },
    });
    const out = lines.join('');
    for (const secret of [
      'ENCRYPTED-PIN',
      '123456',
      'OTP1.abc',
      'secret-token',
      '1234"',
      '4084084084084081',
      '408"',
      'sk_test_x',
      'BEGIN PRIVATE',
    ]) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('[redacted]');
  });

  it('finds secrets in any letter case, in arrays and in an error', () => {
    const { log, lines } = privateLogger();
    const err = Object.assign(new Error('upstream refused'), { response: { headers: { Cookie: 'sid=2' } } });
    log.error({
      err,
      upstream: { Authorization: 'Bearer upstream-secret' },
      items: [{ OTP: '654321' }],
      deep: { a: { b: { c: { token: 'deep-token' } } } },
    });
    const out = lines.join('');
    for (const secret of ['upstream-secret', 'sid=2', '654321', 'deep-token'])
      expect(out).not.toContain(secret);
    expect(out).toContain('upstream refused');
  });

  it('leaves an object without secrets as it is, not a copy', () => {
    const line = { method: 'GET', route: '/x', status: 200, nested: { list: [1, 'two'] } };
    expect(withoutSecrets(line)).toBe(line);
    const err = new Error('plain');
    expect(withoutSecrets(err)).toBe(err);
  });
});
