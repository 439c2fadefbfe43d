import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { OpenInvoiceResult } from '@portal/contract/api/bills';
import { errorMessage } from '@/lib/api';
import { trackEvent } from '@/lib/analytics';
import { serverError, useFormResult, type FormResult } from '@/lib/form-result';
import { useRuleMessage } from '@/lib/validation';
import { showToast } from '@/ui/toast';
import { openInvoicesKey, showBills } from '../api/fixed-account';
import { canShowBills, fixedInternetErrors, normaliseAccountNo } from '../utils/fixed-internet-rules';

/** The account whose open invoices are shown, with the email they were asked with. */
export type ShownAccount = { result: OpenInvoiceResult; email: string };

export type ShowBills = ReturnType<typeof useShowBills>;

/**
 * The 'show bills' form of /orp/fixed-internet: account number and email, their errors, and the open invoices
 * it found. A plain form sent to the server comes back with its values, and the invoices once the account is
 * known.
 */
export function useShowBills() {
  const queryClient = useQueryClient();
  const sent = useFormResult();
  const fields = useAccountFields(sent);
  const { accountNo, email } = fields;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(sent?.message);
  const [account, setAccount] = useState<ShownAccount | undefined>(() => {
    const result = queryClient.getQueryData<OpenInvoiceResult>(openInvoicesKey(accountNo, email));
    return result ? { result, email } : undefined;
  });
  const enabled = canShowBills(accountNo, email) && !busy;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!enabled) return;
    setBusy(true);
    setFailure(undefined);
    try {
      const result = await showBills({ accountNo, contactPersonEmailId: email.trim() });
      setAccount({ result, email: email.trim() });
      trackEvent('fixed_internet_show_bills', { invoices: result.response.invoices.length });
    } catch (error) {
      const message = errorMessage(error);
      setAccount(undefined);
      setFailure(message);
      showToast({ message });
    } finally {
      setBusy(false);
    }
  };

  return { ...fields, busy, failure, account, enabled, submit };
}

/** The two fields, and their errors once touched (or as the server's answer to a plain form gave them). */
function useAccountFields(sent: FormResult | undefined) {
  const translateRule = useRuleMessage();
  const [accountNo, setAccountNo] = useState(sent?.values['accountNo'] ?? '');
  const [email, setEmail] = useState(sent?.values['email'] ?? '');
  const [touched, setTouched] = useState({ account: false, email: false });

  const errors = fixedInternetErrors(accountNo, email);
  const accountError = translateRule(
    (touched.account ? errors.account : undefined) ?? serverError(sent, 'accountNo', accountNo),
  );
  const emailError = translateRule(
    (touched.email ? errors.email : undefined) ?? serverError(sent, 'email', email),
  );

  // A whole account number is checked at once, without waiting for the field to be left.
  const editAccountNo = (typed: string) => {
    const value = normaliseAccountNo(typed);
    setAccountNo(value);
    if (value.length >= 12) setTouched((s) => ({ ...s, account: true }));
  };
  const touchAccount = () => setTouched((s) => ({ ...s, account: true }));
  const touchEmail = () => setTouched((s) => ({ ...s, email: true }));

  return { accountNo, email, setEmail, editAccountNo, touchAccount, touchEmail, accountError, emailError };
}
