import { describe, expect, it } from 'vitest';
import {
  BILL_INTENT,
  billAmount,
  billIntent,
  canPayBill,
  postpaidLineTypes,
  postpaidRequestType,
  sanitizeAmount,
} from './bill-rules';

const limits = { min: 100, max: 500_000 };

describe('postpaid bill rules', () => {
  it("pays on the form's default button; fetches on it only when an account number and no amount was typed", () => {
    expect(billIntent({ intent: 'pay', amount: '5000', accountNo: '' })).toBe(BILL_INTENT.pay);
    expect(billIntent({ intent: 'pay', amount: '5000', accountNo: '1000000002' })).toBe(BILL_INTENT.pay);
    expect(billIntent({ intent: 'pay', amount: ' ', accountNo: '1000000002' })).toBe(BILL_INTENT.fetchBill);
    expect(billIntent({ intent: 'pay', amount: '', accountNo: '' })).toBe(BILL_INTENT.pay);
    expect(billIntent({ intent: 'fetch-bill', amount: '5000', accountNo: '1000000002' })).toBe(
      BILL_INTENT.fetchBill,
    );
  });

  it('takes POSTPAID lines, and HYBRID ones when the hybrid check is on', () => {
    expect(postpaidLineTypes(true)).toEqual(['POSTPAID', 'HYBRID']);
    expect(postpaidLineTypes(false)).toEqual(['POSTPAID']);
    expect(postpaidRequestType(true)).toBe('HYBRID_POSTPAID_CHECK');
    expect(postpaidRequestType(false)).toBe('POSTPAID_BILL');
  });

  it('fills the amount with the outstanding bill; rounds a fraction up when the feature is on', () => {
    expect(billAmount(12345.5, true)).toEqual({ amount: '12346', rounded: true, nothingDue: false });
    expect(billAmount(12345.01, true)).toEqual({ amount: '12346', rounded: true, nothingDue: false });
    expect(billAmount(12345.5, false)).toEqual({ amount: '12345.50', rounded: false, nothingDue: false });
    expect(billAmount(3000, true)).toEqual({ amount: '3000', rounded: false, nothingDue: false });
    expect(billAmount(0.29, true)).toEqual({ amount: '1', rounded: true, nothingDue: false });
    expect(billAmount(0, true)).toEqual({ amount: '', rounded: false, nothingDue: true });
    expect(billAmount(-50, false).nothingDue).toBe(true);
  });

  it('keeps digits only in the amount (kobo only when a fractional bill may stay)', () => {
    expect(sanitizeAmount('5a00', false)).toBe('500');
    expect(sanitizeAmount('12,345.50', false)).toBe('1234550');
    expect(sanitizeAmount('12345.50', true)).toBe('12345.50');
    expect(sanitizeAmount('12.3.4.5', true)).toBe('12.34');
    expect(sanitizeAmount('123456789', false)).toBe('1234567');
  });

  it('MAKE A PAYMENT needs an accepted line, an amount and no min/max error', () => {
    expect(canPayBill({ lineOk: true, amount: '500', limits })).toBe(true);
    expect(canPayBill({ lineOk: true, amount: '12345.50', limits })).toBe(true);
    expect(canPayBill({ lineOk: false, amount: '500', limits })).toBe(false);
    expect(canPayBill({ lineOk: true, amount: '', limits })).toBe(false);
    expect(canPayBill({ lineOk: true, amount: '99', limits })).toBe(false);
    expect(canPayBill({ lineOk: true, amount: '500001', limits })).toBe(false);
    expect(canPayBill({ lineOk: true, amount: '500', limits: undefined })).toBe(false);
  });
});
