import { describe, expect, it } from 'vitest';
import { initiateRequest, processRequest } from '@portal/contract/api/payments';
import { PREPAID } from '../testing/payment-test-utils';
import { cardInitiation, cardProcess, initiationPayload, optionsInput, processPayload } from './initiation';

const context = PREPAID;

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

describe('wallet and airtime payloads', () => {
  it('airtime: the payer with the leading 0 and the uniqueCode of the verified code', () => {
    const payload = initiationPayload(
      {
        ...context,
        msisdn: '8021000002',
        transactionType: 'POSTPAID_BILL',
        invoiceDetail: { accountNo: '1000000002' },
      },
      { paymentMode: 'AIR_TIME', payer: '8021000001', uniqueCode: 'OTP1.mac', emailId: 'ada@example.com' },
    );
    expect(payload).toMatchObject({
      paymentMode: 'AIR_TIME',
      mobileNumber: '8021000002',
      paymentMobile: '08021000001',
      uniqueCode: 'OTP1.mac',
      accountId: '1000000002',
      paymentGateway: '',
    });
    expect(initiateRequest.safeParse(payload).success).toBe(true);
  });

  it('PIN methods send the encrypted PIN with process, never an empty amPin', () => {
    const withPin = processPayload(context, 'TX1', {
      paymentMode: 'SMARTCASH',
      payer: '8021000001',
      amPin: 'ENC',
    });
    expect(withPin).toMatchObject({
      transactionId: 'TX1',
      paymentMode: 'SMARTCASH',
      amPin: 'ENC',
      proccessFlag: '',
    });
    expect(processRequest.safeParse(withPin).success).toBe(true);
    expect('amPin' in processPayload(context, 'TX1', { paymentMode: 'MPESA' })).toBe(false);
  });
});
