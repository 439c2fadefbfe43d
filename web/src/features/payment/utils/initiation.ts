import { COUNTRY_CODE, toPaymentMobile } from '@portal/contract/rules';
import type { InitiateRequest, PaymentMode, ProcessRequest } from '@portal/contract/api/payments';
import type { PurchaseContext } from '@/lib/purchase-context';
import type { PaymentOptionsInput } from '../api/get-payment-options';
import { salesLead, salesLeadMode } from './sales-lead';

/** The payment-options request of a purchase (spec §7). */
export function optionsInput(context: PurchaseContext): PaymentOptionsInput {
  return {
    amount: context.amount,
    mobileNumber: context.msisdn,
    // Spec §7: the subscriber type is empty for broadband.
    subscriberType: context.transactionType === 'BROADBAND_RECHARGE' ? '' : (context.lineType ?? ''),
    rechargeType: context.rechargeType ?? '',
    transactionType: context.transactionType,
  };
}

/** What a method adds to the initiation payload of a purchase. */
export type MethodDetails = {
  paymentMode: PaymentMode;
  paymentGateway?: string;
  emailId?: string;
  /** The payer's 10-digit number (airtime and wallets); defaults to the purchase's number. */
  payer?: string;
  /** The uniqueCode of the payer's verified one-time code (airtime). */
  uniqueCode?: string;
};

/**
 * The initiation payload of spec §3. The payment mobile is the payer's number with the leading 0 that Nigeria
 * adds when it is sent (spec §5).
 */
export function initiationPayload(context: PurchaseContext, method: MethodDetails): InitiateRequest {
  // Sales-lead mode (spec §6): the hybrid payment modes, and the lead id carried as txnId.
  const lead = salesLead(context);
  return {
    amount: context.amount,
    countryCode: COUNTRY_CODE,
    emailId: method.emailId ?? context.emailId ?? '',
    mobileNumber: context.msisdn,
    currencyCode: context.currency || 'NGN',
    productCode: context.productCode ?? '',
    paymentGateway: method.paymentGateway ?? '',
    transactionType: context.transactionType,
    unit: context.dataUnit ?? '',
    loggedInNumber: '',
    accountId: context.invoiceDetail?.accountNo ?? '',
    invoiceNumber: context.invoiceDetail?.invoiceNo ?? '',
    accountType: '',
    paymentMode: lead ? salesLeadMode(method.paymentMode) : method.paymentMode,
    txnId: lead?.leadId ?? '',
    paymentMobile: toPaymentMobile(method.payer ?? context.msisdn),
    uniqueCode: method.uniqueCode ?? '',
    bundleDescription: context.bundleInfo?.description ?? context.description ?? '',
  };
}

/** The process payload of spec §3; `amPin` is the encrypted PIN of the PIN methods. */
export function processPayload(
  context: PurchaseContext,
  transactionId: string,
  method: Pick<MethodDetails, 'paymentMode' | 'paymentGateway' | 'payer'> & { amPin?: string },
): ProcessRequest {
  return {
    transactionId,
    isSubscriberRequest: true,
    paymentGateway: method.paymentGateway ?? '',
    paymentMode: salesLead(context) ? salesLeadMode(method.paymentMode) : method.paymentMode,
    accountId: context.invoiceDetail?.accountNo ?? '',
    accountType: '',
    paymentMobile: toPaymentMobile(method.payer ?? context.msisdn),
    // Spec §3 lists it in every process payload; the operator's systems read it as empty.
    proccessFlag: '',
    ...(method.amPin ? { amPin: method.amPin } : {}),
  };
}

/** The initiation payload of spec §3 for a card-gateway payment. */
export function cardInitiation(
  context: PurchaseContext,
  paymentGateway: string,
  emailId: string,
): InitiateRequest {
  return initiationPayload(context, { paymentMode: 'PAYMENT_GATEWAY', paymentGateway, emailId });
}

export function cardProcess(
  context: PurchaseContext,
  transactionId: string,
  paymentGateway: string,
): ProcessRequest {
  return processPayload(context, transactionId, { paymentMode: 'PAYMENT_GATEWAY', paymentGateway });
}
