import type { CoreOperation } from '../../upstream/core.js';
import type { TransactionRow } from './store.js';

/**
 * What "giving value" means for each transaction type, as one core operation. The operation id is
 * derived from the transaction id, so however often fulfilment runs, the core applies it once.
 */
export function fulfilmentOperation(tx: TransactionRow): CoreOperation {
  const base = {
    operationId: `${tx.id}:fulfil`,
    transactionId: tx.id,
    msisdn: tx.msisdn,
    amountKobo: tx.amountKobo,
  };
  const bundle = (tx.meta['bundle'] ?? {}) as { dataMb?: number; validityDays?: number };
  switch (tx.transactionType) {
    case 'PREPAID_RECHARGE':
      return { ...base, type: 'AIRTIME_CREDIT', description: 'Airtime recharge' };
    case 'PREPAID_BUNDLES':
    case 'POSTPAID_BUNDLES':
    case 'BROADBAND_RECHARGE':
      return {
        ...base,
        type: 'BUNDLE_PROVISION',
        productCode: tx.productCode ?? '',
        description: tx.bundleDescription ?? '',
        ...(bundle.dataMb !== undefined ? { dataMb: bundle.dataMb } : {}),
        ...(bundle.validityDays !== undefined ? { validityDays: bundle.validityDays } : {}),
      };
    case 'POSTPAID_BILL':
      return tx.invoiceNumber
        ? { ...base, type: 'INVOICE_PAYMENT', accountNo: tx.accountId ?? '', invoiceNo: tx.invoiceNumber }
        : { ...base, type: 'BILL_PAYMENT', accountNo: tx.accountId ?? '' };
    default:
      throw new Error(`no core fulfilment for ${tx.transactionType}`);
  }
}

export function reversalOperation(tx: TransactionRow): CoreOperation {
  return {
    operationId: `${tx.id}:reversal`,
    transactionId: tx.id,
    msisdn: tx.msisdn,
    amountKobo: tx.amountKobo,
    type: 'REVERSAL',
    reversesOperationId: `${tx.id}:fulfil`,
  };
}
