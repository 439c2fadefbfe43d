import { describe, expect, it } from 'vitest';
import {
  canShowBills,
  fixedInternetErrors,
  isOverdue,
  normaliseAccountNo,
  payerMsisdn,
} from './fixed-internet-rules';

describe('fixed-internet rules (spec §5)', () => {
  it('account number: two letters, the first P or E, then 10 digits; else Invalid Account Number', () => {
    for (const ok of ['PA0000000001', 'EB0000000002', 'PE1234567890', 'EP0000000000']) {
      expect(fixedInternetErrors(ok, 'a@b.co').account, ok).toBeUndefined();
    }
    for (const bad of ['XA0000000001', 'PA000000001', 'PA00000000012', '1A0000000001', 'P00000000001', '']) {
      expect(fixedInternetErrors(bad, 'a@b.co').account, bad).toBe('Invalid Account Number');
    }
  });

  it('email: Email is required / Invalid Email Id', () => {
    expect(fixedInternetErrors('PA0000000001', '').email).toBe('Email is required');
    expect(fixedInternetErrors('PA0000000001', '   ').email).toBe('Email is required');
    for (const bad of [
      'billing',
      'billing@example',
      '.billing@example.com',
      'bill ing@example.com',
      'billing@example.c',
    ]) {
      expect(fixedInternetErrors('PA0000000001', bad).email, bad).toBe('Invalid Email Id');
    }
    for (const ok of ['billing@example.com', 'ops.team_1@mail.example.ng', 'A1@b.co']) {
      expect(fixedInternetErrors('PA0000000001', ok).email, ok).toBeUndefined();
    }
  });

  it('show bills is disabled without both fields or with errors', () => {
    expect(canShowBills('PA0000000001', 'billing@example.com')).toBe(true);
    expect(canShowBills('', 'billing@example.com')).toBe(false);
    expect(canShowBills('PA0000000001', '')).toBe(false);
    expect(canShowBills('PA000000000', 'billing@example.com')).toBe(false);
    expect(canShowBills('PA0000000001', 'billing@')).toBe(false);
  });

  it('typing keeps capital letters and digits, at most 12', () => {
    expect(normaliseAccountNo('pa-0000 000001xyz')).toBe('PA0000000001');
  });

  it('flags an invoice overdue by status or by a past due date', () => {
    const today = new Date('2026-11-22T10:00:00Z');
    expect(isOverdue({ invoiceStatus: 'OVERDUE', dueDate: '2026-12-30' }, today)).toBe(true);
    expect(isOverdue({ invoiceStatus: 'OPEN', dueDate: '2026-11-01' }, today)).toBe(true);
    expect(isOverdue({ invoiceStatus: 'OPEN', dueDate: '2026-11-22' }, today)).toBe(false);
    expect(isOverdue({ invoiceStatus: 'OPEN', dueDate: '2026-12-01' }, today)).toBe(false);
  });

  it('the payment is made for the contact number, else the line number', () => {
    expect(payerMsisdn({ contactPersonMsisdn: '8021000001', lineNumber: '8021000009' })).toBe('8021000001');
    expect(payerMsisdn({ contactPersonMsisdn: null, lineNumber: '8021000009' })).toBe('8021000009');
    expect(payerMsisdn({ contactPersonMsisdn: null, lineNumber: null })).toBeUndefined();
  });
});
