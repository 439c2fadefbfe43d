import { describe, expect, it } from 'vitest';
import { MSG } from '@portal/contract/rules';
import {
  BILL_INTENT,
  billAmount,
  billAmountError,
  billIntent,
  canPayBill,
  postpaidLineTypes,
  postpaidRequestType,
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

  it('MAKE A PAYMENT needs an accepted line, an amount and no min/max error', () => {
    const kobo = { limits, roundUp: false };
    expect(canPayBill({ lineOk: true, amount: '500', ...kobo })).toBe(true);
    expect(canPayBill({ lineOk: true, amount: '12345.50', ...kobo })).toBe(true);
    expect(canPayBill({ lineOk: false, amount: '500', ...kobo })).toBe(false);
    expect(canPayBill({ lineOk: true, amount: '', ...kobo })).toBe(false);
    expect(canPayBill({ lineOk: true, amount: '99', ...kobo })).toBe(false);
    expect(canPayBill({ lineOk: true, amount: '500001', ...kobo })).toBe(false);
    expect(canPayBill({ lineOk: true, amount: '500', limits: undefined, roundUp: false })).toBe(false);
  });

  it('takes whole amounts only when bills are rounded up: 500.00 is 500, 12345.50 is refused', () => {
    const whole = { lineOk: true, limits, roundUp: true };
    expect(canPayBill({ ...whole, amount: '500.00' })).toBe(true);
    expect(canPayBill({ ...whole, amount: '12345.50' })).toBe(false);
    expect(billAmountError('12345.50', limits, { roundUp: true })).toBe(MSG.wholeAmount);
    expect(billAmountError('12345.50', limits, { roundUp: false })).toBeUndefined();
  });
});
