import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { codeRefusal, refusalValues } from './code-refusal';

const refused = (code: string, message: string, result: unknown = null) =>
  new ApiError(message, code, 400, result);

describe('codeRefusal (a plain form tells a refused code as the code dialog does)', () => {
  it('2003: the wrong-code text with the attempts the server counted', () => {
    expect(codeRefusal(refused('2003', 'Please enter correct OTP', { attemptsLeft: 3 }))).toEqual({
      text: 'otp.wrong',
      attemptsLeft: 3,
    });
    expect(codeRefusal(refused('2003', 'Please enter correct OTP'))).toEqual({ text: 'otp.wrong' });
  });

  it('the last wrong code, and 2002, are said as exhausted with none left', () => {
    expect(codeRefusal(refused('2003', 'x', { attemptsLeft: 0 }))).toEqual({
      text: 'otp.exhausted',
      attemptsLeft: 0,
    });
    expect(codeRefusal(refused('2002', 'x'))).toEqual({ text: 'otp.exhausted', attemptsLeft: 0 });
  });

  it("502: the daily limit in the spec's words; anything else the server's message", () => {
    expect(codeRefusal(refused('502', 'limit'))).toEqual({ text: 'otp.maxLimit' });
    expect(codeRefusal(refused('502', 'limit', { retryAfterSeconds: 61 }))).toEqual({
      text: 'otp.maxLimit',
      waitMinutes: 2,
    });
    expect(codeRefusal(refused('4001', 'Invalid user'))).toEqual({ text: 'Invalid user' });
    expect(codeRefusal(new Error('boom')).text).toBe('Something Went Wrong!');
  });
});

describe('refusalValues (what a plain step carries to say beside the refusal)', () => {
  it('the attempts left and the minutes before a new code, as text; nothing for a plain refusal', () => {
    expect(refusalValues({ text: 'otp.wrong', attemptsLeft: 0 })).toEqual({ attemptsLeft: '0' });
    expect(refusalValues({ text: 'otp.maxLimit', waitMinutes: 42 })).toEqual({ limitWaitMinutes: '42' });
    expect(refusalValues({ text: 'Invalid user' })).toEqual({});
    expect(refusalValues(undefined)).toEqual({});
  });
});
