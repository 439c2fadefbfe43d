import { describe, expect, it } from 'vitest';
import { airtimeAskOf, asAirtimeSeal, plainAirtimeStep, type AirtimeSeal } from './plain-airtime';

const SEAL: AirtimeSeal = {
  kind: 'airtime-payment',
  purchase: 'TOKEN',
  payer: '8021000001',
  email: 'ada@example.com',
  otpId: 'OTP1',
  recipient: '802****001',
};

describe('the plain airtime forms', () => {
  it('a sealed state is taken only for the purchase it was sealed for', () => {
    expect(asAirtimeSeal(SEAL, 'TOKEN')).toEqual(SEAL);
    expect(asAirtimeSeal({ ...SEAL, uniqueCode: 'OTP1.mac' }, 'TOKEN')?.uniqueCode).toBe('OTP1.mac');
    expect(asAirtimeSeal(SEAL, 'ANOTHER')).toBeUndefined();
    expect(asAirtimeSeal({ ...SEAL, purchase: '' }, '')).toBeUndefined();
  });

  it('anything else the seal opens to is refused: a purchase, a malformed state, nothing', () => {
    const purchase = { msisdn: '8021000001', amount: 300, transactionType: 'PREPAID_RECHARGE' };
    expect(asAirtimeSeal(purchase, 'TOKEN')).toBeUndefined();
    expect(asAirtimeSeal({ ...SEAL, otpId: 7 }, 'TOKEN')).toBeUndefined();
    expect(asAirtimeSeal({ ...SEAL, uniqueCode: 1 }, 'TOKEN')).toBeUndefined();
    expect(asAirtimeSeal(undefined, 'TOKEN')).toBeUndefined();
  });

  it('asks and steps are known words only', () => {
    expect(airtimeAskOf('yes')).toBe('yes');
    expect(airtimeAskOf('pay')).toBeUndefined();
    expect(airtimeAskOf(undefined)).toBeUndefined();
    expect(plainAirtimeStep({ values: { airtimeStep: 'confirm' }, errors: {} })).toBe('confirm');
    expect(plainAirtimeStep({ values: { airtimeStep: 'other' }, errors: {} })).toBeUndefined();
    expect(plainAirtimeStep(undefined)).toBeUndefined();
  });
});
