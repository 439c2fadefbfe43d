import { afterEach, describe, expect, it } from 'vitest';
import type { PurchaseContext } from '@/lib/purchase-context';
import { initiationPayload, processPayload } from './initiation';
import { salesLead, salesLeadMode } from './sales-lead';

afterEach(() => sessionStorage.clear());

const lead: PurchaseContext = {
  msisdn: '8021000001',
  amount: 30000,
  transactionType: 'HBB_LEADS',
  currency: 'NGN',
  redirectPage: '/hbb-lead-status?id=HBB1',
  emailId: 'ada@example.com',
};

describe('sales-lead mode (spec §6)', () => {
  it('is on with isNaijaWorks and id for a lead purchase: hybrid modes and txnId carried', () => {
    sessionStorage.setItem('isNaijaWorks', 'true');
    sessionStorage.setItem('id', 'HBB1');
    expect(salesLead(lead)).toEqual({ leadId: 'HBB1' });
    const card = initiationPayload(lead, { paymentMode: 'PAYMENT_GATEWAY', paymentGateway: 'paystack' });
    expect(card).toMatchObject({ transactionType: 'HBB_LEADS', paymentMode: 'HBB_LEADS', txnId: 'HBB1' });
    expect(processPayload(lead, 'TX1', { paymentMode: 'PAYMENT_GATEWAY' }).paymentMode).toBe('HBB_LEADS');
    expect(initiationPayload(lead, { paymentMode: 'AIR_TIME' }).paymentMode).toBe('HBB_AIRTIME');
    expect(salesLeadMode('MPESA')).toBe('MPESA');
  });

  it('is off without the flag, and a stale flag is cleared by another purchase', () => {
    expect(salesLead(lead)).toBeUndefined();
    expect(initiationPayload(lead, { paymentMode: 'PAYMENT_GATEWAY' })).toMatchObject({
      paymentMode: 'PAYMENT_GATEWAY',
      txnId: '',
    });
    sessionStorage.setItem('isNaijaWorks', 'true');
    sessionStorage.setItem('id', 'HBB1');
    expect(salesLead({ transactionType: 'PREPAID_RECHARGE' })).toBeUndefined();
    expect(sessionStorage.getItem('isNaijaWorks')).toBeNull();
    expect(sessionStorage.getItem('id')).toBeNull();
  });

  it('is on for a lead purchase that names its lead (a sealed plain-form purchase), without the flag', () => {
    const sealed = { ...lead, leadId: 'HBB2' };
    expect(salesLead(sealed)).toEqual({ leadId: 'HBB2' });
    expect(initiationPayload(sealed, { paymentMode: 'PAYMENT_GATEWAY' })).toMatchObject({
      paymentMode: 'HBB_LEADS',
      txnId: 'HBB2',
    });
    // A lead id on any other purchase means nothing.
    expect(salesLead({ transactionType: 'PREPAID_RECHARGE', leadId: 'HBB2' })).toBeUndefined();
  });
});
