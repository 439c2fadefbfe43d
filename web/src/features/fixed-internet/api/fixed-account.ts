import type { FixedAccountResult, OpenInvoiceResult } from '@portal/contract/api/bills';
import { DEFAULT_ERROR_TEXT } from '@portal/contract/default-error-text';
import { ApiError, call } from '@/lib/api';

export type FixedAccountInput = { accountNo: string; contactPersonEmailId: string };

/** `validate/msisdn-account` with accountNo + contactPersonEmailId (spec §7): 60119 / 60005 on failure. */
export async function validateFixedAccount(input: FixedAccountInput): Promise<FixedAccountResult> {
  const result = await call('validateMsisdn', {
    ...input,
    checkIfBroadband: false,
    requestType: 'FIXED_INTERNET',
  });
  // The account variant answers the account; a line type here is the server breaking the contract.
  if (typeof result === 'string') throw new ApiError(DEFAULT_ERROR_TEXT, 'UNEXPECTED_ANSWER', 200);
  return result;
}

/** `POST subscriber/getopeninvoice` (spec §7): the open invoices of the account. */
export function getOpenInvoices(input: FixedAccountInput): Promise<OpenInvoiceResult> {
  return call('openInvoices', input);
}

/** Where the server's render of a plain form keeps the invoices it showed (the page starts from them). */
export const openInvoicesKey = (accountNo: string, email: string) =>
  ['open-invoices', accountNo, email.trim()] as const;

/** The lookup behind 'show bills': the account is checked, then its invoices are read. */
export async function showBills(input: FixedAccountInput): Promise<OpenInvoiceResult> {
  await validateFixedAccount(input);
  return getOpenInvoices(input);
}
