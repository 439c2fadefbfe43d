import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { typedMobileNumber } from '@portal/contract/rules';
import type { BillResult } from '@portal/contract/api/bills';
import { trackEvent } from '@/lib/analytics';
import { useConfig } from '@/lib/config';
import { useLocalePath } from '@/lib/language';
import { savePurchaseContext } from '@/lib/purchase-context';
import { useFormResult, useNumberFromFormOrQuery } from '@/lib/form-result';
import { useHydrated } from '@/lib/hydration';
import { lineAccepted, useLineCheck } from '@/domain/number-check/msisdn-field';
import { useHeldPress } from '@/ui/unavailable';
import {
  billAmount,
  canPayBill,
  postpaidBillContext,
  postpaidLineTypes,
  postpaidRequestType,
} from '../utils/bill-rules';

export type FetchedBill = {
  accountNo: string;
  outstanding: number;
  rounded: boolean;
  nothingDue: boolean;
  amount: string;
};

export type BillDialog = 'otp' | 'account';

/** The bill a plain form's fetch brought back (the server puts it among the form's values). */
function fetchedBillOf(values: Record<string, string> | undefined): FetchedBill | undefined {
  if (!values?.['outstanding'] || !values['accountNo']) return undefined;
  const outstanding = Number(values['outstanding']);
  return {
    accountNo: values['accountNo'],
    outstanding,
    rounded: values['rounded'] === 'true',
    nothingDue: outstanding <= 0,
    amount: values['amount'] ?? '',
  };
}

/** The postpaid bill form's number and its check, the amount, the fetched bill, and MAKE A PAYMENT. */
export function usePostpaidBill() {
  const navigate = useNavigate();
  const localePath = useLocalePath();
  // A plain form sent to the server comes back with its values, the fetched bill and its messages.
  const result = useFormResult();
  const hydrated = useHydrated();
  const [msisdn, setMsisdn] = useState(useNumberFromFormOrQuery(result, 'msisdn', typedMobileNumber));
  const [amount, setAmount] = useState(result?.values['amount'] ?? '');
  const [bill, setBill] = useState<FetchedBill | undefined>(() => fetchedBillOf(result?.values));
  const [dialog, setDialog] = useState<BillDialog | undefined>(undefined);

  const { data: config } = useConfig();
  const roundUp = config?.['beta.amountToHigherValueFeature'] ?? false;
  const line = usePostpaidLine(msisdn, config?.postpaidHybridCheck ?? true, hydrated);
  const limits = config ? { min: config.postMinAmnt, max: config.postMaxAmnt } : undefined;
  const currency = config?.currency ?? 'NGN';
  const enabled = canPayBill({ lineOk: line.ok, amount, limits, roundUp });

  const changeMsisdn = (value: string) => {
    if (value !== msisdn) setBill(undefined);
    setMsisdn(value);
  };

  const onBill = (result: BillResult) => {
    const filled = billAmount(result.totalOutstanding, roundUp);
    setBill({ accountNo: result.accountNo, outstanding: result.totalOutstanding, ...filled });
    if (!filled.nothingDue) setAmount(filled.amount);
    setDialog(undefined);
    trackEvent('postpaid_bill_fetched', { rounded: filled.rounded });
  };

  const pay = (event: FormEvent) => {
    event.preventDefault();
    if (!enabled) return;
    savePurchaseContext(
      postpaidBillContext({
        msisdn,
        amount: Number(amount),
        lineType: line.check.lineType,
        accountNo: bill?.accountNo,
        currency,
        enableDualCurrency: config?.enableDualCurrency ?? false,
      }),
    );
    trackEvent('postpaid_make_payment', { transactionType: 'POSTPAID_BILL', amount: Number(amount) });
    void navigate(localePath('/payment/start'));
  };

  return {
    result,
    hydrated,
    config,
    line,
    msisdn,
    changeMsisdn,
    amount,
    setAmount,
    roundUp,
    currency,
    limits,
    enabled,
    bill,
    onBill,
    dialog,
    setDialog,
    pay,
  };
}

/** The number's check for a postpaid (or hybrid) line, and the presses held while it runs. */
function usePostpaidLine(msisdn: string, hybridCheck: boolean, hydrated: boolean) {
  const expected = postpaidLineTypes(hybridCheck);
  const check = useLineCheck(msisdn, { requestType: postpaidRequestType(hybridCheck) });
  // A press on any of the buttons while the number is checked (seconds on a slow network) waits for the check.
  const press = useHeldPress(hydrated && check.status === 'pending', msisdn);
  return { expected, check, ok: lineAccepted(check, expected), press };
}
