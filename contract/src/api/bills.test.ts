import { describe, expect, it } from 'vitest';
import { billRequest, openInvoiceRequest, queryBalanceRequest } from './bills.js';
import { bundle, bundlesRequest } from './catalogue.js';
import { validateSubscriberRequest } from './subscriber.js';
import { exampleBundle } from '../testing/examples.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('wire schemas apply the §5 rules', () => {
  it('fixed-internet account number: two letters (P or E first) and 10 digits, case-insensitive', () => {
    const ok = openInvoiceRequest.safeParse({
      accountNo: ' pa0000000001 ',
      contactPersonEmailId: 'billing@example.com',
    });
    expect(ok.success && ok.data.accountNo).toBe('PA0000000001');
    for (const accountNo of ['XA0000000001', 'PA00000000', 'PA00000000011', 'P10000000001']) {
      const result = openInvoiceRequest.safeParse({ accountNo, contactPersonEmailId: 'billing@example.com' });
      expect(firstMessage(result), accountNo).toBe('Invalid Account Number');
    }
  });

  it('email: Email is required / Invalid Email Id', () => {
    expect(
      firstMessage(openInvoiceRequest.safeParse({ accountNo: 'PA0000000001', contactPersonEmailId: '' })),
    ).toBe('Email is required');
    expect(
      firstMessage(openInvoiceRequest.safeParse({ accountNo: 'PA0000000001', contactPersonEmailId: 'a@b' })),
    ).toBe('Invalid Email Id');
  });

  it('bill: a 10-digit number with exactly one of otpId and a 10-digit account number', () => {
    expect(billRequest.safeParse({ msisdn: '8021000002', otpId: 'OTP1' }).success).toBe(true);
    expect(billRequest.safeParse({ msisdn: '8021000002', accountNo: '1000000002' }).success).toBe(true);
    expect(billRequest.safeParse({ msisdn: '8021000002' }).success).toBe(false);
    expect(billRequest.safeParse({ msisdn: '8021000002', otpId: 'X', accountNo: '1000000002' }).success).toBe(
      false,
    );
    expect(firstMessage(billRequest.safeParse({ msisdn: '8021000002', accountNo: '100000000' }))).toBe(
      'Invalid Account Number',
    );
    expect(firstMessage(billRequest.safeParse({ msisdn: '08021000002', otpId: 'OTP1' }))).toBe(
      'Invalid Mobile No',
    );
  });

  it('query-balance and bundles take the 10-digit national number', () => {
    expect(queryBalanceRequest.safeParse({ msisdn: '9021000005', requestType: 'BROADBAND' }).success).toBe(
      true,
    );
    expect(firstMessage(queryBalanceRequest.safeParse({ msisdn: '902100000' }))).toBe('Invalid Mobile No');
    expect(
      bundlesRequest.safeParse({ msisdn: '8021000001', lineType: 'PREPAID', serviceType: null }).success,
    ).toBe(true);
    expect(bundlesRequest.safeParse({ serviceType: 'BROADBAND' }).success).toBe(true);
    expect(bundlesRequest.safeParse({}).success).toBe(false);
  });

  it('validate/msisdn-account: a number, or an account with its email', () => {
    expect(validateSubscriberRequest.safeParse({ msisdn: '8021000001' }).success).toBe(true);
    expect(
      validateSubscriberRequest.safeParse({ accountNo: 'PA0000000001', contactPersonEmailId: 'a@b.co' })
        .success,
    ).toBe(true);
    expect(firstMessage(validateSubscriberRequest.safeParse({}))).toBe('Phone No is required');
    expect(firstMessage(validateSubscriberRequest.safeParse({ accountNo: 'PA0000000001' }))).toBe(
      'Email is required',
    );
  });

  it('a bundle carries every field of spec §3, line type spelt both ways (so does the example tests use)', () => {
    const example = exampleBundle({
      productCode: 'DATA_M_10GB',
      name: 'Monthly 10GB',
      data: '10',
      amount: 4500,
    });
    expect(bundle.safeParse(example).success).toBe(true);
    expect(bundle.safeParse({ ...example, linetype: undefined }).success).toBe(false);
  });
});
