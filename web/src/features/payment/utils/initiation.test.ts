import { describe, expect, it } from 'vitest';
import { initiateRequest, processRequest } from '@portal/contract/api/payments';
import type { PurchaseContext } from '@/lib/purchase-context';
import { cardInitiation, cardProcess, optionsInput } from './initiation';

const context: PurchaseContext = {
  msisdn: '8021000001',
  amount: 500,
  lineType: 'PREPAID',
  transactionType: 'PREPAID_RECHARGE',
  rechargeType: 'PREPAID RECHARGE',
  currency: 'NGN',
  redirectPage: '/prepaid-recharge',
};

describe('card payment payloads', () => {
  it('asks for the options of this purchase', () => {
    expect(optionsInput(context)).toEqual({
      amount: 500,
      mobileNumber: '8021000001',
      subscriberType: 'PREPAID',
      rechargeType: 'PREPAID RECHARGE',
      transactionType: 'PREPAID_RECHARGE',
    });
  });

  it('builds an initiation payload the contract accepts, with the leading 0 on the payment mobile', () => {
    const payload = cardInitiation(context, 'paystack', 'ada@example.com');
    expect(payload).toMatchObject({
      amount: 500,
      mobileNumber: '8021000001',
      paymentMobile: '08021000001',
      paymentMode: 'PAYMENT_GATEWAY',
      paymentGateway: 'paystack',
      emailId: 'ada@example.com',
      transactionType: 'PREPAID_RECHARGE',
      currencyCode: 'NGN',
      countryCode: '234',
    });
    expect(initiateRequest.safeParse(payload).success).toBe(true);
  });

  it('builds a process payload the contract accepts', () => {
    const payload = cardProcess(context, 'TXN1', 'paystack');
    expect(payload).toMatchObject({
      transactionId: 'TXN1',
      paymentMode: 'PAYMENT_GATEWAY',
      paymentGateway: 'paystack',
    });
    expect(processRequest.safeParse(payload).success).toBe(true);
  });
});
