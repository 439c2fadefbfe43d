import { describe, expect, it } from 'vitest';
import { journeyOf } from './journey-paths';

describe('journeyOf', () => {
  it('leads each kind of payment back to the journey that sells it', () => {
    expect(journeyOf({ transactionType: 'PREPAID_RECHARGE', invoiceNumber: null })).toBe('/prepaid-recharge');
    expect(journeyOf({ transactionType: 'POSTPAID_BILL', invoiceNumber: null })).toBe('/postpaid-bill-pay');
    expect(journeyOf({ transactionType: 'POSTPAID_BILL', invoiceNumber: 'INV-1' })).toBe(
      '/orp/fixed-internet',
    );
    expect(journeyOf({ transactionType: 'PREPAID_BUNDLES', invoiceNumber: null })).toBe('/data-bundle');
    expect(journeyOf({ transactionType: 'POSTPAID_BUNDLES', invoiceNumber: null })).toBe('/data-bundle');
    expect(journeyOf({ transactionType: 'BROADBAND_RECHARGE', invoiceNumber: null })).toBe(
      '/broadband-recharge',
    );
    expect(journeyOf({ transactionType: 'HBB_LEADS', invoiceNumber: null })).toBe('/home-broadband');
    expect(
      journeyOf({ transactionType: 'HBB_LEADS', invoiceNumber: null, metaInfo: { leadId: 'HBB1' } }),
    ).toBe('/hbb-lead-status?id=HBB1');
    expect(journeyOf(undefined)).toBe('/');
  });
});
