import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.js';

describe('AppError', () => {
  it('keeps the stack of a fault (5xx), not of a refusal (4xx), and leaves the global limit as it was', () => {
    const limit = Error.stackTraceLimit;
    const refusal = new AppError('NOT_FOUND');
    const fault = new AppError('INTERNAL');
    expect(refusal.httpStatus).toBeLessThan(500);
    expect(refusal.stack).not.toMatch(/\n\s+at /);
    expect(fault.httpStatus).toBeGreaterThanOrEqual(500);
    expect(fault.stack).toMatch(/\n\s+at /);
    expect(Error.stackTraceLimit).toBe(limit);
    expect(refusal).toMatchObject({ name: 'AppError', errorName: 'NOT_FOUND', code: refusal.code });
  });
});
