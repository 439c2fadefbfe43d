import { describe, expect, it } from 'vitest';
import {
  gatewayReturnUrl,
  inlineScriptUrl,
  POPUP_CHANNELS,
  publicKeyOf,
  SANDBOX_INLINE_SCRIPT,
  toPopupAmount,
} from './paystack-popup';

describe('card popup (spec §4 "Card", §9)', () => {
  it('reads the public key from configData.payStackConfig', () => {
    expect(publicKeyOf('{"publicKey":"pk_test_1"}')).toBe('pk_test_1');
    expect(publicKeyOf('not json')).toBe('');
    expect(publicKeyOf(undefined)).toBe('');
  });

  it('takes the script from configuration, the sandbox copy by default', () => {
    expect(inlineScriptUrl('{"publicKey":"pk"}')).toBe(SANDBOX_INLINE_SCRIPT);
    expect(
      inlineScriptUrl('{"publicKey":"pk","inlineScriptUrl":"https://js.paystack.co/v1/inline.js"}'),
    ).toBe('https://js.paystack.co/v1/inline.js');
  });

  it('sends kobo and the popup channels', () => {
    expect(toPopupAmount(500)).toBe(50_000);
    expect(toPopupAmount(12_345.5)).toBe(1_234_550);
    expect(toPopupAmount(0.29)).toBe(29);
    expect(POPUP_CHANNELS).toEqual(['ussd', 'bank', 'card', 'mobile_money', 'bank_transfer', 'qr']);
  });

  it('returns through the gateway return path, with status CANCELLED on close', () => {
    expect(gatewayReturnUrl('paystack', 'TX1', false)).toBe(
      '/api/portal-service/transaction/v1/pg-callback/status/ORP/paystack?txref=TX1&PnrID=TX1',
    );
    expect(gatewayReturnUrl('paystack', 'TX1', true)).toBe(
      '/api/portal-service/transaction/v1/pg-callback/status/ORP/paystack?txref=TX1&PnrID=TX1&status=CANCELLED',
    );
    // The close carries the cancel token of initiate; a success never does.
    expect(gatewayReturnUrl('paystack', 'TX1', true, undefined, 'tok')).toBe(
      '/api/portal-service/transaction/v1/pg-callback/status/ORP/paystack?txref=TX1&PnrID=TX1&status=CANCELLED&cancelToken=tok',
    );
    expect(gatewayReturnUrl('paystack', 'TX1', false, 'success', 'tok')).not.toContain('cancelToken');
  });
});
