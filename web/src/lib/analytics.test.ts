import { afterEach, describe, expect, it } from 'vitest';
import { pageName, trackEvent, trackPageView } from './analytics';

afterEach(() => {
  delete window.dataLayer;
});

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
