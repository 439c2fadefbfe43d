import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { REDACT_PATHS } from './redact.js';

describe('log redaction', () => {
  it('never writes PINs, codes, card data, keys or tokens', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino({ redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, sink);
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
});
