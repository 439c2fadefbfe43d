import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { isFinalRefusal, pinFailureOf } from './pin-failure';

const failure = (code: string, result: unknown = null, http = 400) => new ApiError('x', code, http, result);

describe('PIN failures (spec §4, §8)', () => {
  it('1004 and 56D005 are a wrong PIN with the attempts the server reports', () => {
    expect(pinFailureOf(failure('1004', { attemptsLeft: 4 }))).toEqual({ kind: 'wrong', attemptsLeft: 4 });
    expect(pinFailureOf(failure('56D005', { attemptsLeft: 2 }), 3)).toEqual({
      kind: 'wrong',
      attemptsLeft: 2,
    });
  });

  it('without a count, one attempt less than before (from 5)', () => {
    expect(pinFailureOf(failure('56D005'))).toEqual({ kind: 'wrong', attemptsLeft: 4 });
    expect(pinFailureOf(failure('1004'), 3)).toEqual({ kind: 'wrong', attemptsLeft: 2 });
  });

  it('1006, or no attempts left, is a locked wallet', () => {
    expect(pinFailureOf(failure('1006', { attemptsLeft: 0 }))).toEqual({ kind: 'locked' });
    expect(pinFailureOf(failure('1004', { attemptsLeft: 0 }))).toEqual({ kind: 'locked' });
  });

  it('anything else carries the message; only a 4xx answer ends the attempt', () => {
    expect(pinFailureOf(failure('4001', null, 400))).toEqual({ kind: 'other', message: 'x', final: true });
    expect(pinFailureOf(new ApiError('', 'NETWORK', 0))).toEqual({
      kind: 'other',
      message: 'Something Went Wrong!',
      final: false,
    });
    expect(isFinalRefusal(failure('503', null, 503))).toBe(false);
    expect(isFinalRefusal(new Error('x'))).toBe(false);
  });
});
