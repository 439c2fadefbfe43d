import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { MSG, amountError, emailError, msisdnError } from '@portal/contract/rules';
import '@/testing/test-utils';
import { ruleMessageKey, useRuleMessage } from './validation';

describe('rule messages through i18n', () => {
  it('maps every rule text of contract/rules to a validation key', () => {
    for (const text of Object.values(MSG)) expect(ruleMessageKey(text)).toBeDefined();
  });

  it('shows exactly the rule text in English', () => {
    const { result } = renderHook(() => useRuleMessage());
    const translate = result.current;
    const limits = { min: 50, max: 50_000 };
    for (const value of ['10', '49', '50001', '1000000']) {
      const rule = amountError(value, limits);
      expect(translate(rule)).toBe(rule);
    }
    expect(translate(amountError('10', limits))).toBe('Minimum amount should be NGN 50');
    expect(translate(amountError('60000', limits))).toBe('Maximum amount should be NGN 50,000');
    expect(translate(msisdnError(''))).toBe('Phone No is required');
    expect(translate(MSG.invalidMobile)).toBe('Invalid Mobile No');
    expect(translate(emailError(''))).toBe('Email is required');
    expect(translate(emailError('a@b'))).toBe('Invalid Email Id');
    expect(translate(undefined)).toBeUndefined();
  });
});
