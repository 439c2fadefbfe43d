import type { ConfigData } from '@portal/contract/api/config';
import type { Shop } from '@portal/contract/api/locations';
import type { TransactionStatusResult } from '@portal/contract/api/payments';
import type { BundleInfo, PurchaseContext } from '@/lib/purchase-context';

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

/** A prepaid recharge of NGN 500 as the recharge page stores it: the purchase most tests pay. */
export const PREPAID_PURCHASE: PurchaseContext = {
  msisdn: '8021000001',
  amount: 500,
  lineType: 'PREPAID',
  transactionType: 'PREPAID_RECHARGE',
  rechargeType: 'PREPAID RECHARGE',
  currency: 'NGN',
  redirectPage: '/prepaid-recharge',
};

/** The postpaid bill of 8021000002 (account 1000000002) as the bill page stores it, for NGN 1,000. */
export const POSTPAID_BILL_PURCHASE: PurchaseContext = {
  msisdn: '8021000002',
  amount: 1000,
  lineType: 'POSTPAID',
  transactionType: 'POSTPAID_BILL',
  rechargeType: 'POSTPAID BILL PAYMENT',
  currency: 'NGN',
  redirectPage: '/postpaid-bill-pay',
  invoiceDetail: { accountNo: '1000000002' },
};

/** The bundleInfo a purchase of the catalogue's prepaid 'Monthly 10GB' carries. */
export const MONTHLY_10GB_INFO: BundleInfo = {
  description: '10GB, 30 days',
  data: '10',
  dataUnit: 'GB',
  amount: 4500,
  lineType: 'PREPAID',
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
/** A postpaid bill paid against an invoice (a fixed-internet bill), with airtime. */
export const invoicedBill = (overrides: Partial<TransactionStatusResult> = {}) =>
  transaction({
    paymentGateway: null,
    paymentMode: 'AIR_TIME',
    transactionType: 'POSTPAID_BILL',
    invoiceNumber: 'INV-1',
    accountId: 'PA0000000001',
    ...overrides,
  });

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
