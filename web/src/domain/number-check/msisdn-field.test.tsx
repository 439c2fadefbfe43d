import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PATHS } from '@portal/contract/paths';
import { mockFetch, ok, renderWithProviders } from '@/testing/test-utils';
import { lineAccepted, lineMessage, MsisdnField, useLineCheck, type LineCheck } from './msisdn-field';
import { bodyOf, contentAndConfig, failure } from '@/testing/journeys';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const idle: LineCheck = { status: 'idle' };
const success = (lineType: string): LineCheck => ({ status: 'success', lineType });

describe('mobile number rule (spec §5)', () => {
  it('empty is Phone No is required once touched', () => {
    expect(lineMessage('', false, idle, ['PREPAID'])).toBeUndefined();
    expect(lineMessage('', true, idle, ['PREPAID'])).toBe('Phone No is required');
  });

  it('no message while fewer than 10 digits are typed', () => {
    expect(lineMessage('802100', true, idle, ['PREPAID'])).toBeUndefined();
  });

  it('at 10 digits a failed check, or a line type the page does not take, is Invalid Mobile No', () => {
    expect(lineMessage('8021000001', true, { status: 'error' }, ['PREPAID'])).toBe('Invalid Mobile No');
    expect(lineMessage('8021000002', true, success('POSTPAID'), ['PREPAID'])).toBe('Invalid Mobile No');
    expect(lineMessage('8021000002', true, success('POSTPAID'), ['POSTPAID', 'HYBRID'])).toBeUndefined();
    // A page may say more of a line it does not take.
    const refusal = (lineType: string | undefined) => `no ${lineType} here`;
    expect(lineMessage('8021000002', true, success('POSTPAID'), ['PREPAID'], refusal)).toBe(
      'no POSTPAID here',
    );
    expect(lineMessage('8021000003', true, { status: 'pending' }, ['POSTPAID'])).toBeUndefined();
  });

  it('a check that got no answer does not call the number wrong', () => {
    expect(lineMessage('8021000001', true, { status: 'unreachable' }, ['PREPAID'])).toBe(
      'We could not check this number. Check your connection and try again.',
    );
  });

  it('accepts only a successful check with an expected line type', () => {
    expect(lineAccepted(success('HYBRID'), ['POSTPAID', 'HYBRID'])).toBe(true);
    expect(lineAccepted(success('PREPAID'), ['POSTPAID', 'HYBRID'])).toBe(false);
    expect(lineAccepted({ status: 'pending' }, ['PREPAID'])).toBe(false);
  });
});

function Harness() {
  const [value, setValue] = useState('');
  const check = useLineCheck(value, { requestType: 'TEST', checkIfBroadband: true });
  return <MsisdnField value={value} onChange={setValue} check={check} expected={['PREPAID']} />;
}

describe('MsisdnField', () => {
  it("shows the '+234' prefix, keeps 10 digits and checks the line at exactly 10", async () => {
    const calls = mockFetch({
      ...contentAndConfig(),
      [PATHS.validateMsisdn]: (_url, init) =>
        bodyOf(init).msisdn === '8021000001' ? ok('PREPAID') : failure('INVALID_MSISDN', 'Invalid Mobile No'),
    });
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const input = (await screen.findByLabelText('Mobile number')) as HTMLInputElement;
    expect(screen.getByText('+234')).toBeTruthy();
    await user.type(input, '+234 (0)80-21');
    expect(input.value).toBe('23408021');
    await user.clear(input);
    expect(await screen.findByText('Phone No is required')).toBeTruthy();
    await user.type(input, '80310000019999');
    expect(input.value).toBe('8031000001');
    expect(await screen.findByText('Invalid Mobile No')).toBeTruthy();
    expect(bodyOf(calls.find((c) => c.url.pathname === PATHS.validateMsisdn)!.init)).toEqual({
      msisdn: '8031000001',
      checkIfBroadband: true,
      requestType: 'TEST',
    });
    await user.clear(input);
    await user.type(input, '8021000001');
    await screen.findByLabelText('Mobile number');
    expect(screen.queryByText('Invalid Mobile No')).toBeNull();
  });

  it('without a connection it says the number could not be checked, not that it is wrong', async () => {
    mockFetch({
      ...contentAndConfig(),
      [PATHS.validateMsisdn]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.type(await screen.findByLabelText('Mobile number'), '8021000001');
    expect(
      await screen.findByText('We could not check this number. Check your connection and try again.'),
    ).toBeTruthy();
    expect(screen.queryByText('Invalid Mobile No')).toBeNull();
  });
});
