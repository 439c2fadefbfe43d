import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { digitsOnly, formatNaira } from '@portal/contract/rules';
import { serverError, useFormResult } from '@/lib/form-result';
import { useRuleMessage } from '@/lib/validation';
import { TextField } from '@/ui/text-field';
import { WithoutScript } from '@/ui/without-script';
import { unavailableWhen, type HeldPress } from '@/ui/unavailable';
import type { BillDialog, FetchedBill } from '../hooks/use-postpaid-bill';
import { BILL_INTENT } from '../utils/bill-rules';

/**
 * Fetching the bill: live, by one-time code or by account number in a dialog; without JavaScript, the account
 * number typed here and sent with the form.
 */
export function BillFetch(props: {
  lineOk: boolean;
  press: HeldPress;
  onOpen: (dialog: BillDialog) => void;
}) {
  const { t } = useTranslation();
  const translateRule = useRuleMessage();
  const result = useFormResult();
  const [accountNo, setAccountNo] = useState(result?.values['accountNo'] ?? '');
  return (
    <div className="bill-pay__fetch">
      <p className="bill-pay__fetch-title">{t('billPay.fetchTitle')}</p>
      <div className="bill-pay__fetch-actions js-only">
        <button
          type="button"
          className="button button--ghost"
          {...unavailableWhen(!props.lineOk, () => props.onOpen('otp'), props.press)}
        >
          {t('billPay.fetchByOtp')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          {...unavailableWhen(!props.lineOk, () => props.onOpen('account'), props.press)}
        >
          {t('billPay.fetchByAccount')}
        </button>
      </div>
      <WithoutScript className="bill-pay__fetch-plain">
        <TextField
          label={t('journey.accountNumber')}
          name="accountNo"
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          value={accountNo}
          onChange={(event) => setAccountNo(digitsOnly(event.target.value, 10))}
          error={translateRule(serverError(result, 'accountNo', accountNo))}
        />
        <button type="submit" name="intent" value={BILL_INTENT.fetchBill} className="button button--ghost">
          {t('billPay.fetchByAccount')}
        </button>
      </WithoutScript>
    </div>
  );
}

/** What the fetched bill says: the amount outstanding (or nothing due), and the rounding of the amount. */
export function FetchedBillNote({ bill, currency }: { bill: FetchedBill; currency: string }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="bill-pay__note" role="status">
      {bill.nothingDue ? (
        <p>{t('billPay.nothingDue')}</p>
      ) : (
        <p>{t('billPay.outstanding', { currency, amount: formatNaira(bill.outstanding, i18n.language) })}</p>
      )}
      {bill.rounded ? (
        <p className="bill-pay__rounded">
          {t('billPay.roundedNote', {
            currency,
            outstanding: formatNaira(bill.outstanding, i18n.language),
            amount: formatNaira(Number(bill.amount), i18n.language),
          })}
        </p>
      ) : null}
    </div>
  );
}
