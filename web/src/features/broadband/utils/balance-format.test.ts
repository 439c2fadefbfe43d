import { describe, expect, it } from 'vitest';
import { balanceText, expiryText, isUnlimited } from './balance-format';

describe('balance rows (spec §3 "Balance query result")', () => {
  it('an unlimited balance shows as -', () => {
    expect(balanceText({ balanceType: 'UNLIMITED', balance: null, unitType: '' })).toBe('-');
    expect(balanceText({ balanceType: 'Unlimited', balance: 5, unitType: 'GB' })).toBe('-');
    expect(isUnlimited({ balanceType: 'BUNDLE', balance: null })).toBe(true);
  });

  it('a limited balance shows its amount and unit', () => {
    expect(balanceText({ balanceType: 'BUNDLE', balance: 10, unitType: 'GB' })).toBe('10 GB');
    expect(balanceText({ balanceType: 'BUNDLE', balance: 1.5, unitType: 'GB' })).toBe('1.5 GB');
    expect(balanceText({ balanceType: 'MAIN', balance: 12345.5, unitType: 'NGN' })).toBe('12,345.5 NGN');
  });

  it('the expiry shows as day, long month, year', () => {
    expect(expiryText('2026-12-12T10:00:00.000Z')).toBe('12 December 2026');
    expect(expiryText('2027-01-05T23:30:00.000Z')).toBe('6 January 2027');
    expect(expiryText(null)).toBeUndefined();
    expect(expiryText('not a date')).toBeUndefined();
    expect(expiryText('2026-12-12T10:00:00.000Z', 'sw')).toMatch(/12/);
  });
});
