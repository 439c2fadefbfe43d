import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { digitsOnly, typedMobileNumber } from '@portal/contract/rules';
import { useNumberFromFormOrQuery, type FormResult } from './form-result';

function numberAt(
  address: string,
  sent: FormResult | undefined,
  field = 'msisdn',
  clean: (value: string) => string = typedMobileNumber,
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[address]}>{children}</MemoryRouter>
  );
  return renderHook(() => useNumberFromFormOrQuery(sent, field, clean), { wrapper }).result.current;
}

const sent = (values: Record<string, string>): FormResult => ({ values, errors: {} });

describe('useNumberFromFormOrQuery', () => {
  it("takes the sent form's value over the address", () => {
    expect(numberAt('/prepaid-recharge?msisdn=8031111111', sent({ msisdn: '8032222222' }))).toBe(
      '8032222222',
    );
  });

  it('keeps what the visitor sent, even empty, rather than the address', () => {
    expect(numberAt('/prepaid-recharge?msisdn=8031111111', sent({ msisdn: '' }))).toBe('');
  });

  it('falls back to the address when no form was sent, or the form had no such field', () => {
    expect(numberAt('/prepaid-recharge?msisdn=8031111111', undefined)).toBe('8031111111');
    expect(numberAt('/prepaid-recharge?msisdn=8031111111', sent({ amount: '500' }))).toBe('8031111111');
  });

  it('keeps what the field may hold: a number without its 0 or country code, digits of an amount', () => {
    expect(numberAt('/x?msisdn=%2B234%20803-111-1111-99', undefined)).toBe('8031111111');
    expect(numberAt('/x', sent({ msisdn: '0803 111 1111' }))).toBe('8031111111');
    expect(numberAt('/x?amount=1,500.00', undefined, 'amount', (v) => digitsOnly(v, 7))).toBe('150000');
  });

  it('is empty when neither has the field', () => {
    expect(numberAt('/prepaid-recharge', undefined)).toBe('');
  });
});
