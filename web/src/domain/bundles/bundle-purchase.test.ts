import { describe, expect, it } from 'vitest';
import { exampleBundle } from '@portal/contract/testing/examples';
import { bundlePurchaseContext } from './bundle-purchase';
import { MONTHLY_10GB_INFO } from '@/testing/fixtures';

const monthly = exampleBundle({
  productCode: 'DATA_M_10GB',
  name: 'Monthly 10GB',
  description: '10GB, 30 days',
  data: '10',
  amount: 4500,
});

describe('the purchase context of a bundle (spec §3 queryData)', () => {
  it('is a bundle purchase with the bundle details', () => {
    expect(
      bundlePurchaseContext(monthly, {
        msisdn: '8021000001',
        lineType: 'PREPAID',
        redirectPage: '/data-bundle',
      }),
    ).toEqual({
      msisdn: '8021000001',
      amount: 4500,
      currency: 'NGN',
      lineType: 'PREPAID',
      transactionType: 'PREPAID_BUNDLES',
      redirectPage: '/data-bundle',
      productCode: 'DATA_M_10GB',
      description: 'Monthly 10GB',
      data: '10',
      dataUnit: 'GB',
      bundleInfo: MONTHLY_10GB_INFO,
      enableDualCurrency: false,
    });
  });

  it('postpaid bundles are POSTPAID_BUNDLES; broadband carries its recharge type; no data, no data rows', () => {
    const postpaid = bundlePurchaseContext(
      { ...monthly, lineType: 'POSTPAID', linetype: 'POSTPAID' },
      { msisdn: '8021000002', lineType: 'POSTPAID', redirectPage: '/data-bundle' },
    );
    expect(postpaid.transactionType).toBe('POSTPAID_BUNDLES');
    const mifi = bundlePurchaseContext(monthly, {
      msisdn: '9021000005',
      redirectPage: '/broadband-recharge',
      rechargeType: 'Broadband Recharge',
      broadband: true,
    });
    expect(mifi).toMatchObject({
      rechargeType: 'Broadband Recharge',
      lineType: 'PREPAID',
      transactionType: 'BROADBAND_RECHARGE',
    });
    const sms = bundlePurchaseContext(
      { ...monthly, data: '', dataUnit: '', sms: '100' },
      { msisdn: '1', redirectPage: '/' },
    );
    expect(sms.data).toBeUndefined();
    expect(sms.bundleInfo?.data).toBeUndefined();
  });

  it('with dual currency on, carries the USD amount (amount / 100)', () => {
    const ctx = bundlePurchaseContext(
      monthly,
      { msisdn: '8021000001', redirectPage: '/' },
      { enableDualCurrency: true },
    );
    expect(ctx).toMatchObject({ enableDualCurrency: true, usdAmount: 45 });
  });
});
