import { COUNTRY_CODE, toPaymentMobile } from '@portal/contract/rules';
import type { InitiateRequest, ProcessRequest } from '@portal/contract/api/payments';
import type { PurchaseContext } from '@/lib/purchase-context';
import type { PaymentOptionsInput } from '../api/get-payment-options';

/** The payment-options request of a purchase (spec §7). */
export function optionsInput(context: PurchaseContext): PaymentOptionsInput {
  return {
    amount: context.amount,
    mobileNumber: context.msisdn,
    subscriberType: context.lineType ?? '',
    rechargeType: context.rechargeType ?? '',
    transactionType: context.transactionType,
  };
}

/** The initiation payload of spec §3 for a card-gateway payment. */
export function cardInitiation(
  context: PurchaseContext,
  paymentGateway: string,
  emailId: string,
): InitiateRequest {
  return {
    amount: context.amount,
    countryCode: COUNTRY_CODE,
    emailId,
    mobileNumber: context.msisdn,
    currencyCode: context.currency || 'NGN',
    productCode: context.productCode ?? '',
    paymentGateway,
    transactionType: context.transactionType,
    unit: context.dataUnit ?? '',
    loggedInNumber: '',
    accountId: context.invoiceDetail?.accountNo ?? '',
    invoiceNumber: context.invoiceDetail?.invoiceNo ?? '',
    accountType: '',
    paymentMode: 'PAYMENT_GATEWAY',
    txnId: '',
    paymentMobile: toPaymentMobile(context.msisdn),
    uniqueCode: '',
    bundleDescription: context.bundleInfo?.description ?? context.description ?? '',
  };
}

export function cardProcess(
  context: PurchaseContext,
  transactionId: string,
  paymentGateway: string,
): ProcessRequest {
  return {
    transactionId,
    isSubscriberRequest: true,
    paymentGateway,
    paymentMode: 'PAYMENT_GATEWAY',
    accountId: context.invoiceDetail?.accountNo ?? '',
    accountType: '',
    paymentMobile: toPaymentMobile(context.msisdn),
  };
}
