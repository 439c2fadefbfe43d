import { describe, expect, it } from 'vitest';
import { airtimeDetails, airtimeFormProblems, airtimePayerProblem, coversAmount } from './airtime';

const RECHARGE = { transactionType: 'PREPAID_RECHARGE', msisdn: '8021000004' } as const;
const BILL = { transactionType: 'POSTPAID_BILL', msisdn: '8021000003' } as const;

describe('airtime rules shared by the live panel and the plain forms', () => {
  it("the payer's number with the airtime form's texts; a recharge is not paid from its own line", () => {
    expect(airtimePayerProblem(RECHARGE, '')).toBe('Please enter Phone No');
    expect(airtimePayerProblem(RECHARGE, '80210')).toBe('Please enter valid phone no');
    expect(airtimePayerProblem(RECHARGE, '8021000004')).toMatch(/^Pay from another number/);
    expect(airtimePayerProblem(RECHARGE, '8021000001')).toBeUndefined();
    expect(airtimePayerProblem(BILL, '8021000003')).toBeUndefined();
  });

  it('the form: each field with its own message', () => {
    expect(airtimeFormProblems(RECHARGE, '', '')).toEqual({
      payer: 'Please enter Phone No',
      email: 'Email id is required',
    });
    expect(airtimeFormProblems(RECHARGE, '8021000001', 'ada@')).toEqual({
      email: 'Please enter valid email',
    });
    expect(airtimeFormProblems(RECHARGE, '8021000001', 'ada@example.com')).toEqual({});
  });

  it('a balance equal to the amount covers it', () => {
    expect(coversAmount(300, 300)).toBe(true);
    expect(coversAmount(50, 300)).toBe(false);
  });

  it('the payment mode AIR_TIME with the payer and the verified code', () => {
    expect(airtimeDetails('8021000001', 'ada@example.com', 'OTP1.mac')).toEqual({
      paymentMode: 'AIR_TIME',
      payer: '8021000001',
      emailId: 'ada@example.com',
      uniqueCode: 'OTP1.mac',
    });
  });
});
