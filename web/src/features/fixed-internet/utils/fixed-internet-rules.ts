import { emailError, fixedAccountError } from '@portal/contract/rules';
import type { Invoice, OpenInvoiceResult } from '@portal/contract/api/bills';
import type { PurchaseContext } from '@/lib/purchase-context';
import { FIXED_INTERNET_PATH } from '@/lib/journey-paths';

/** Account numbers are shown and sent in capitals, at most 12 characters (two letters and 10 digits). */
export function normaliseAccountNo(value: string): string {
  return value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 12);
}

/** The §5 messages of the two fields (rule texts, English). */
export function fixedInternetErrors(accountNo: string, email: string) {
  return { account: fixedAccountError(accountNo), email: emailError(email) };
}

/** 'show bills' is disabled without both fields or with errors (spec §5). */
export function canShowBills(accountNo: string, email: string): boolean {
  const errors = fixedInternetErrors(accountNo, email);
  return Boolean(accountNo && email) && !errors.account && !errors.email;
}

export function isOverdue(invoice: Pick<Invoice, 'invoiceStatus' | 'dueDate'>, today = new Date()): boolean {
  if (invoice.invoiceStatus === 'OVERDUE') return true;
  const due = new Date(`${invoice.dueDate}T23:59:59`);
  return !Number.isNaN(due.getTime()) && due.getTime() < today.getTime();
}

/** The number a fixed-internet payment is made for: the account's contact number, else its line number. */
export function payerMsisdn(
  account: Pick<OpenInvoiceResult, 'contactPersonMsisdn' | 'lineNumber'>,
): string | undefined {
  return account.contactPersonMsisdn ?? account.lineNumber ?? undefined;
}

/** The summary title of an invoice payment (the status page labels it the same way). */
export const FIXED_INTERNET_RECHARGE_TYPE = 'FIXED INTERNET BILL PAYMENT';

/** The purchase context of paying one open invoice of a fixed-internet account. */
export function invoicePurchaseContext(input: {
  invoice: Invoice;
  msisdn: string;
  email: string;
  currency: string;
  enableDualCurrency: boolean;
}): Omit<PurchaseContext, 'attempt'> {
  const { invoice } = input;
  return {
    msisdn: input.msisdn,
    amount: invoice.outstandingAmount,
    currency: invoice.currency || input.currency,
    transactionType: 'POSTPAID_BILL',
    rechargeType: FIXED_INTERNET_RECHARGE_TYPE,
    redirectPage: FIXED_INTERNET_PATH,
    productCode: '',
    emailId: input.email,
    enableDualCurrency: input.enableDualCurrency,
    invoiceDetail: {
      accountNo: invoice.accountNo,
      invoiceNo: invoice.invoiceNo,
      billingStartDate: invoice.billingStartDate,
      billingEndDate: invoice.billingEndDate,
      dueDate: invoice.dueDate,
    },
  };
}
