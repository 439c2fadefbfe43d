import { describe, expect, it } from 'vitest';
import { pageName, trackEvent, trackPageView, withoutSecrets } from './analytics';

describe('page names', () => {
  it.each([
    ['/', 'homepage'],
    ['', 'homepage'],
    ['/prepaid-recharge', 'ng_prepaid_recharge'],
    ['/about', 'ng_about'],
    ['/page-not-found', 'ng_page_not_found'],
    ['/payment/start/card', 'ng_card'],
    ['/payment/status', 'ng_status'],
    ['/orp/fixed-internet', 'ng_fixed_internet'],
    ['/storeLocator', 'ng_storelocator'],
    ['/prepaid-recharge/', 'ng_prepaid_recharge'],
  ])('%s -> %s', (path, name) => {
    expect(pageName(path)).toBe(name);
  });

  it('ignores route parameter values such as a transaction id', () => {
    expect(pageName('/payment/status/TXN-123', ['TXN-123'])).toBe('ng_status');
  });
});

describe('dataLayer', () => {
  it('pushes page views and flow steps', () => {
    trackPageView('ng_about', '/about', 'en');
    trackEvent('payment_initiate', { method: 'card' });
    expect(window.dataLayer).toEqual([
      { event: 'page_view', pageName: 'ng_about', pagePath: '/about', language: 'en' },
      { event: 'flow_step', step: 'payment_initiate', method: 'card' },
    ]);
  });
});

describe('what never reaches the tag manager', () => {
  it('drops PINs, one-time codes, card fields and the visitor number and email from every event', () => {
    trackEvent('payment_process', {
      method: 'card',
      transactionId: 'TXN-7Q2K',
      pin: '1234',
      encryptedPin: 'abc',
      otp: '123456',
      uniqueCode: 'u-1',
      code: '4821',
      cardNumber: '4084084084084081',
      cvv: '408',
      expiry: '12/30',
      msisdn: '8021000001',
      emailId: 'ada@example.com',
      amount: 300,
    });
    expect(window.dataLayer).toEqual([
      { event: 'flow_step', step: 'payment_process', method: 'card', transactionId: 'TXN-7Q2K', amount: 300 },
    ]);
  });

  it('drops a text of digits whatever its key, and nested objects', () => {
    expect(
      withoutSecrets({
        note: '0802 100 0001',
        ref: '4084-0840-8408-4081',
        nested: { pin: '1' },
        plan: 'HBB-5G-100',
      }),
    ).toEqual({ plan: 'HBB-5G-100' });
  });
});
