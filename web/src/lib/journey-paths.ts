import type { TransactionStatusResult } from '@portal/contract/api/payments';

/*
 * The purchase journeys' paths (spec §2). They live here rather than in their features because the status
 * page needs them too: a payment's Return leads back to the journey it was made on.
 */
export const PREPAID_RECHARGE_PATH = '/prepaid-recharge';
export const BILL_PAY_PATH = '/postpaid-bill-pay';
export const FIXED_INTERNET_PATH = '/orp/fixed-internet';
export const DATA_BUNDLE_PATH = '/data-bundle';
export const BROADBAND_PATH = '/broadband-recharge';
export const HOME_BROADBAND_PATH = '/home-broadband';

/**
 * The journey a payment was made on, from its record: where Return goes when this browser kept no page of
 * its own (no JavaScript, another browser, or before the page is live). A bill with an invoice number is a
 * fixed-internet invoice; a home-broadband request's payment leads to that request's status, as the live
 * page's does.
 */
export function journeyOf(
  record:
    | (Pick<TransactionStatusResult, 'transactionType' | 'invoiceNumber'> &
        Partial<Pick<TransactionStatusResult, 'metaInfo'>>)
    | undefined,
): string {
  switch (record?.transactionType) {
    case 'PREPAID_RECHARGE':
      return PREPAID_RECHARGE_PATH;
    case 'POSTPAID_BILL':
      return record.invoiceNumber ? FIXED_INTERNET_PATH : BILL_PAY_PATH;
    case 'PREPAID_BUNDLES':
    case 'POSTPAID_BUNDLES':
      return DATA_BUNDLE_PATH;
    case 'BROADBAND_RECHARGE':
      return BROADBAND_PATH;
    case 'HBB_LEADS': {
      const leadId = record.metaInfo?.leadId;
      return leadId ? `/hbb-lead-status?id=${encodeURIComponent(leadId)}` : HOME_BROADBAND_PATH;
    }
    default:
      return '/';
  }
}
