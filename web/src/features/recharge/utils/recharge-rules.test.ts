import { describe, expect, it } from 'vitest';
import { amountMessage, canBuy } from './recharge-rules';

const PREPAID = ['PREPAID'];
const limits = { min: 50, max: 50_000 };

describe('recharge rules', () => {
  it('uses the configured limits', () => {
    expect(amountMessage('49', limits)).toBe('Minimum amount should be NGN 50');
    expect(amountMessage('50001', limits)).toBe('Maximum amount should be NGN 50,000');
    expect(amountMessage('', limits)).toBeUndefined();
    expect(amountMessage('10', undefined)).toBeUndefined();
  });

  it('enables buying only with a fitting line, an amount and no limit error', () => {
    const ok = { status: 'success' as const, lineType: 'PREPAID' };
    expect(canBuy({ check: ok, expected: PREPAID, amount: '500', limits })).toBe(true);
    expect(canBuy({ check: ok, expected: PREPAID, amount: '', limits })).toBe(false);
    expect(canBuy({ check: ok, expected: PREPAID, amount: '0', limits })).toBe(false);
    expect(canBuy({ check: ok, expected: PREPAID, amount: '10', limits })).toBe(false);
    expect(canBuy({ check: ok, expected: PREPAID, amount: '500', limits: undefined })).toBe(false);
    expect(
      canBuy({ check: { status: 'success', lineType: 'HYBRID' }, expected: PREPAID, amount: '500', limits }),
    ).toBe(false);
    expect(canBuy({ check: { status: 'pending' }, expected: PREPAID, amount: '500', limits })).toBe(false);
  });
});
