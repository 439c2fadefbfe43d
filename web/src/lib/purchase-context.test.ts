import { afterEach, describe, expect, it } from 'vitest';
import {
  PURCHASE_CONTEXT_KEY,
  getPurchaseContext,
  idempotencyKeyFor,
  redirectPageOf,
  savePurchaseContext,
} from './purchase-context';

const base = {
  msisdn: '8021000001',
  amount: 500,
  transactionType: 'PREPAID_RECHARGE' as const,
  currency: 'NGN',
  redirectPage: '/prepaid-recharge',
  rechargeType: 'PREPAID RECHARGE',
};

afterEach(() => sessionStorage.clear());

describe('purchase context (queryData)', () => {
  it('is kept in sessionStorage under queryData', () => {
    savePurchaseContext(base);
    expect(JSON.parse(sessionStorage.getItem(PURCHASE_CONTEXT_KEY)!)).toMatchObject(base);
    expect(getPurchaseContext()).toMatchObject(base);
  });

  it('reuses the idempotency key for the same payload and renews it for another', () => {
    savePurchaseContext(base);
    const first = idempotencyKeyFor({ a: 1 });
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(idempotencyKeyFor({ a: 1 })).toBe(first);
    const second = idempotencyKeyFor({ a: 2 });
    expect(second).not.toBe(first);
  });

  it('starts a new attempt when a new purchase is stored', () => {
    savePurchaseContext(base);
    const first = idempotencyKeyFor({ a: 1 });
    savePurchaseContext(base);
    expect(idempotencyKeyFor({ a: 1 })).not.toBe(first);
  });

  it('returns to the stored redirect page, else home, and never off-site', () => {
    expect(redirectPageOf(undefined)).toBe('/');
    expect(redirectPageOf({ ...base })).toBe('/prepaid-recharge');
    expect(redirectPageOf({ ...base, redirectPage: '//evil.example' })).toBe('/');
    expect(redirectPageOf({ ...base, redirectPage: 'https://evil.example' })).toBe('/');
  });
});
