import type { ConfigData } from '@portal/contract/api/config';
import type { Shop } from '@portal/contract/api/locations';
import type { TransactionStatusResult } from '@portal/contract/api/payments';

export const configData: ConfigData = {
  preMinAmnt: 50,
  preMaxAmnt: 50_000,
  postMinAmnt: 100,
  postMaxAmnt: 500_000,
  payStackConfig: '{"publicKey":"pk_test"}',
  'beta.amountToHigherValueFeature': false,
  postpaidHybridCheck: true,
  enableAmPin: false,
  customerCareNumber: '300',
  pinResetDial: '*300#',
  paymentMaxTry: 10,
  enablePostpaidBundles: false,
  enableDualCurrency: false,
  exchangeRates: {},
  brandName: 'Naija',
  operatorPrefixes: ['802', '803', '701', '902'],
  operator: 'naija',
  countryName: 'Nigeria',
  currency: 'NGN',
  languages: [
    { code: 'EN', label: 'EN', prefix: '' },
    { code: 'SW', label: 'Swahili', prefix: '/sw' },
  ],
  ussd: { rechargeVoucher: '*311*PIN#', buyData: '*312#', checkBalance: '*310#' },
  tagManagerId: '',
  analyticsId: '',
  timeZone: 'Africa/Lagos',
  duplicatePurchaseWindowMinutes: 10,
};

export function transaction(overrides: Partial<TransactionStatusResult> = {}): TransactionStatusResult {
  return {
    status: 'SUCCESS',
    transactionStatus: 'FULFILLED',
    transactionId: 'TXN1',
    refTransactionId: 'REF1',
    transactionType: 'PREPAID_RECHARGE',
    paymentMode: 'PAYMENT_GATEWAY',
    paymentGateway: 'paystack',
    mobileNumber: '8021000001',
    msisdn: '2348021000001',
    amount: 500,
    currencyCode: 'NGN',
    accountId: null,
    invoiceNumber: null,
    bundleDescription: null,
    statusReason: null,
    metaInfo: { leadId: null },
    ...overrides,
  };
}

/** A shop of the store locator (spec §3 "Shop", `latitue` spelt so) in Lagos, at a point. */
export function shop(id: string, name: string, lat: number, lng: number): Shop {
  return {
    id,
    shop: name,
    location: { latitue: lat, longitude: lng },
    phyLocation: `${id} street`,
    phNumber: '0802 100 0001',
    city: 'Lagos',
    state: 'Lagos',
    type: 'shop',
  };
}
