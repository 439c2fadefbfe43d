import { describe, expect, it } from 'vitest';
import { initiateRequest, paymentOptionsRequest } from './api/payments.js';
import { sendOtpRequest } from './api/otp.js';
import { moneyAmount } from './amount.js';

describe('money amounts: a number with at most two decimals, nothing else', () => {
  const amount = moneyAmount({ max: 10_000_000 });

  it('takes numbers and plain decimal text', () => {
    expect(amount.parse(500)).toBe(500);
    expect(amount.parse(50.25)).toBe(50.25);
    expect(amount.parse(0.29)).toBe(0.29);
    expect(amount.parse('500')).toBe(500);
    expect(amount.parse('500.5')).toBe(500.5);
    expect(amount.parse('1234.56')).toBe(1234.56);
  });

  it.each([
    ['"0x1F4"', '0x1F4'],
    ['[500]', [500]],
    ['"1e3"', '1e3'],
    ['50.005', 50.005],
    ['"50.005"', '50.005'],
    ['" 500"', ' 500'],
    ['"500."', '500.'],
    ['"-5"', '-5'],
    ['true', true],
    ['""', ''],
    ['0', 0],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['10000001', 10_000_001],
  ])('refuses %s', (_label, value) => {
    expect(amount.safeParse(value).success).toBe(false);
  });

  it('is the rule of the payment, payment-options and one-time-code payloads', () => {
    const base = {
      mobileNumber: '8021000001',
      transactionType: 'PREPAID_RECHARGE',
      paymentMode: 'PAYMENT_GATEWAY',
    };
    expect(initiateRequest.safeParse({ ...base, amount: '0x1F4' }).success).toBe(false);
    expect(initiateRequest.safeParse({ ...base, amount: 50.005 }).success).toBe(false);
    expect(initiateRequest.safeParse({ ...base, amount: 500 }).success).toBe(true);
    expect(paymentOptionsRequest.safeParse({ ...base, amount: [500] }).success).toBe(false);
    expect(sendOtpRequest.safeParse({ msisdn: '8021000001', amount: '1e3' }).success).toBe(false);
  });
});
