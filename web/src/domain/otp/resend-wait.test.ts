import { describe, expect, it } from 'vitest';
import { resendAtOf, secondsUntilResend } from './resend-wait';

describe('the wait before a plain code step may ask for a new code', () => {
  const sentAt = Date.UTC(2026, 10, 29, 7, 0, 0);
  const resendAt = resendAtOf({ resendAfterSeconds: 60 }, sentAt);

  it('counts whole seconds up to the moment the server allows, then none', () => {
    expect(secondsUntilResend(resendAt, sentAt)).toBe(60);
    expect(secondsUntilResend(resendAt, sentAt + 18_200)).toBe(42);
    expect(secondsUntilResend(resendAt, sentAt + 59_999)).toBe(1);
    expect(secondsUntilResend(resendAt, sentAt + 60_000)).toBe(0);
    expect(secondsUntilResend(resendAt, sentAt + 3_600_000)).toBe(0);
  });

  it('reads the moment as a form carries it (text), and does not hold back a step that lacks one', () => {
    expect(secondsUntilResend(String(resendAt), sentAt + 30_000)).toBe(30);
    expect(secondsUntilResend(undefined, sentAt)).toBe(0);
    expect(secondsUntilResend('', sentAt)).toBe(0);
    expect(secondsUntilResend('soon', sentAt)).toBe(0);
  });
});
