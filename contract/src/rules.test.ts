import { describe, expect, it } from 'vitest';
import {
  amountError,
  amountErrorOf,
  digitsOnly,
  emailError,
  fixedAccountError,
  formatNaira,
  isEmail,
  msisdnError,
  airtimePayerError,
  paymentEmailError,
  toInternational,
  toNational,
  toPaymentMobile,
  toKobo,
  typedAmount,
  typedMobileNumber,
  MSG,
} from './rules.js';

describe('validation rules of spec §5', () => {
  it('strips non-digits and keeps at most 10', () => {
    expect(digitsOnly('0802-100 0001x', 10)).toBe('0802100000');
    expect(digitsOnly('abc')).toBe('');
  });

  it('keeps the decimal point of an amount as typed, so 500.00 is never read as 50000', () => {
    expect(typedAmount('500.00')).toBe('500.00');
    expect(typedAmount('1,000.5')).toBe('1000.5');
    expect(typedAmount('NGN 5a00')).toBe('500');
    expect(typedAmount('12.3.4.5')).toBe('12.34');
    expect(typedAmount('123456789')).toBe('1234567');
    // One key at a time: the point waits for its decimals.
    expect(['5', '50', '500', '500.', '500.0', '500.00'].map((text) => typedAmount(text))).toEqual([
      '5',
      '50',
      '500',
      '500.',
      '500.0',
      '500.00',
    ]);
    const limits = { min: 50, max: 50_000 };
    expect(amountErrorOf('500.00', limits)).toBeUndefined();
    expect(amountErrorOf('500.', limits)).toBeUndefined();
    expect(amountErrorOf('100.50', limits)).toBe(MSG.wholeAmount);
    expect(amountErrorOf('100.50', limits, { kobo: true })).toBeUndefined();
    expect(amountErrorOf('50000.01', limits, { kobo: true })).toBe('Maximum amount should be NGN 50,000');
  });

  it('takes a mobile number as Nigerians write it: without its trunk 0 or country code, digits only, at most 10', () => {
    expect(typedMobileNumber('08021000004')).toBe('8021000004');
    expect(typedMobileNumber('0802-100-0004')).toBe('8021000004');
    expect(typedMobileNumber('+234 802 100 0004')).toBe('8021000004');
    expect(typedMobileNumber('2348021000004')).toBe('8021000004');
    expect(typedMobileNumber('8021000004')).toBe('8021000004');
    expect(typedMobileNumber('80210000049')).toBe('8021000004');
    // As typed, one key at a time: the 0 is left out at once; 234 only once the number is longer than 10.
    expect(typedMobileNumber('0')).toBe('');
    expect(typedMobileNumber('234802')).toBe('234802');
    expect(typedMobileNumber('abc')).toBe('');
  });

  it('mobile number messages', () => {
    expect(msisdnError('')).toBe('Phone No is required');
    expect(msisdnError('', true)).toBe('Please enter Phone No');
    expect(msisdnError('80210', true)).toBe('Please enter valid phone no');
    expect(msisdnError('8021000001')).toBeUndefined();
  });

  it('amount limits with NGN and separators', () => {
    const limits = { min: 50, max: 50000 };
    expect(amountError('49', limits)).toBe('Minimum amount should be NGN 50');
    expect(amountError('50001', limits)).toBe('Maximum amount should be NGN 50,000');
    expect(amountError('50', limits)).toBeUndefined();
    expect(amountError('50000', limits)).toBeUndefined();
    expect(amountError('', limits)).toBeUndefined();
  });

  it('email rule', () => {
    for (const ok of ['a@b.co', 'john.doe_1@mail.example.com', '9x@domain.ng'])
      expect(isEmail(ok)).toBe(true);
    for (const bad of ['.a@b.co', '_a@b.com', 'a@b', 'a@b.c', 'a b@c.com', 'a@.com', '@b.com', 'a-b@c.com']) {
      expect(isEmail(bad), bad).toBe(false);
    }
    expect(emailError('')).toBe('Email is required');
    expect(emailError('x')).toBe('Invalid Email Id');
    expect(emailError('', true)).toBe('Email id is required');
    expect(emailError('x', true)).toBe('Please enter valid email');
  });

  it('fixed-internet account number', () => {
    expect(fixedAccountError('PA0000000001')).toBeUndefined();
    expect(fixedAccountError('EB0000000002')).toBeUndefined();
    expect(fixedAccountError('XA0000000001')).toBe('Invalid Account Number');
    expect(fixedAccountError('PA000000001')).toBe('Invalid Account Number');
  });

  it('number forms', () => {
    for (const form of ['8021000001', '08021000001', '2348021000001']) {
      expect(toInternational(form)).toBe('2348021000001');
      expect(toNational(form)).toBe('8021000001');
    }
    expect(toPaymentMobile('8021000001')).toBe('08021000001');
  });

  it('money', () => {
    expect(formatNaira(12345.5)).toBe('12,345.50');
    expect(formatNaira(5000)).toBe('5,000');
    expect(formatNaira(-0.5)).toBe('-0.50');
    // The language's own way of writing numbers (Intl): Yoruba as English, French with its spaces and comma.
    expect(formatNaira(12345.5, 'yo')).toBe('12,345.50');
    expect(formatNaira(12345.5, 'fr')).toBe(
      new Intl.NumberFormat('fr', { minimumFractionDigits: 2 }).format(12345.5),
    );
    expect(formatNaira(12345.5, 'fr')).toMatch(/^12\s345,50$/u);
    expect(formatNaira(50, 'xx-unknown')).toBe('50');
    expect(toKobo(12345.5)).toBe(1234550);
    expect(toKobo(0.29)).toBe(29);
  });

  it('money is written as Intl writes it, in every language that skips Intl', () => {
    const amounts = [0, -0, 0.01, 0.07, 0.1, 0.29, 0.5, 1, 9.99, 50, 100, 999.99, 1000, 1000.01, 12345.5];
    amounts.push(123456.78, 999999.99, 1e6, 1234567.89, 5e12, -1, -0.5, -1234.56, 1.005, 2.675, 0.125, 1e21);
    let seed = 7;
    for (let i = 0; i < 500; i++) {
      seed = (seed * 48271) % 2147483647;
      amounts.push((seed % 10_000_000_000) / 100, -((seed % 100_000) / 100));
    }
    for (const language of ['en', 'sw', 'ha', 'yo', 'ig', 'pcm']) {
      for (const amount of amounts) {
        const digits = Math.round(amount * 100) % 100 === 0 ? 0 : 2;
        const intl = new Intl.NumberFormat(language, {
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        });
        expect(formatNaira(amount, language), `${amount} in ${language}`).toBe(intl.format(amount));
      }
    }
  });
});

describe('airtime payer', () => {
  it('a prepaid recharge cannot be paid with the same line, in any of its forms', () => {
    const msg = 'Pay from another number: a line cannot recharge itself with its own airtime';
    expect(airtimePayerError('PREPAID_RECHARGE', '8021000001', '08021000001')).toBe(msg);
    expect(airtimePayerError('PREPAID_RECHARGE', '8021000001', '2348021000001')).toBe(msg);
    expect(airtimePayerError('PREPAID_RECHARGE', '8021000001', '8021000003')).toBeUndefined();
    expect(airtimePayerError('POSTPAID_BILL', '8021000001', '8021000001')).toBeUndefined();
    expect(airtimePayerError('PREPAID_BUNDLES', '8021000001', '8021000001')).toBeUndefined();
  });
});

describe('payment email (server and browser)', () => {
  it('card, lead and MPESA payments need a valid email, with the payment texts', () => {
    for (const mode of ['PAYMENT_GATEWAY', 'HBB_LEADS', 'MPESA']) {
      expect(paymentEmailError(mode, '')).toBe('Email is required');
      expect(paymentEmailError(mode, '  ')).toBe('Email is required');
      expect(paymentEmailError(mode, 'ada@example')).toBe('Invalid Email Id');
      expect(paymentEmailError(mode, '.ada@example.com')).toBe('Invalid Email Id');
      expect(paymentEmailError(mode, 'ada.l_x@example.com.ng')).toBeUndefined();
    }
  });

  it("airtime payments need one too, with the airtime form's texts", () => {
    for (const mode of ['AIR_TIME', 'HBB_AIRTIME']) {
      expect(paymentEmailError(mode, '')).toBe('Email id is required');
      expect(paymentEmailError(mode, 'x@y')).toBe('Please enter valid email');
      expect(paymentEmailError(mode, 'ada@example.com')).toBeUndefined();
    }
  });

  it('wallet payments do not ask for one, but one that is sent must be valid', () => {
    for (const mode of ['NAIJA_MONEY', 'NAIJA_MONEY_PUSH', 'SMARTCASH']) {
      expect(paymentEmailError(mode, '')).toBeUndefined();
      expect(paymentEmailError(mode, 'not-an-email')).toBe('Invalid Email Id');
    }
  });
});
