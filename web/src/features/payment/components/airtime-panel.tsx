import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { airtimePayerError, emailError, msisdnError } from '@portal/contract/rules';
import { useLocalePath } from '@/lib/language';
import type { PurchaseContext } from '@/lib/purchase-context';
import { useRuleMessage } from '@/lib/validation';
import { useAirtimePayment } from '../hooks/use-airtime-payment';
import { amountText, numberText } from '../utils/format';
import { ConfirmAirtimeDialog } from './confirm-dialog';
import { salesLead } from '../utils/sales-lead';
import { EmailField } from './email-field';
import { PayerNumberField } from './payer-number-field';
import { PaymentOtpDialog } from './payment-otp-dialog';

/**
 * Airtime panel (spec §2: email and phone form; §4 "Airtime payment"). The phone is the payer's: its airtime
 * pays, after a one-time code sent to it proves it is theirs.
 */
export function AirtimePanel({ context }: { context: PurchaseContext }) {
  const { t, i18n } = useTranslation();
  const translateRule = useRuleMessage();
  const localePath = useLocalePath();
  const [email, setEmail] = useState(context.emailId ?? '');
  // Sales-lead mode (spec §6): the lead's email, read-only.
  const [emailReadOnly] = useState(() => Boolean(salesLead(context) && context.emailId));
  // A prepaid recharge is paid from another line's airtime, so the payer starts empty there.
  const [payer, setPayer] = useState(context.transactionType === 'PREPAID_RECHARGE' ? '' : context.msisdn);
  const flow = useAirtimePayment();

  const payerError = (value: string) =>
    msisdnError(value, true) ?? airtimePayerError(context.transactionType, context.msisdn, value);
  const invalid = Boolean(emailError(email, true) || payerError(payer));
  const amount = amountText(context, i18n.language);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!invalid) void flow.start(context, payer, email.trim());
  };

  return (
    <>
      <form className="method-panel" onSubmit={submit} noValidate>
        <p className="method-panel__intro">{t('payment.airtime.intro')}</p>
        <EmailField value={email} onChange={setEmail} airtimeForm readOnly={emailReadOnly} />
        <PayerNumberField
          value={payer}
          onChange={setPayer}
          message={(value) => translateRule(payerError(value))}
          hint={t('payment.airtime.payerHint')}
        />
        {flow.step === 'insufficient' ? (
          <div className="method-panel__alert" role="alert">
            <p className="method-panel__alert-title">{t('payment.airtime.insufficient')}</p>
            <p>
              {t('payment.airtime.insufficientHint')}{' '}
              <Link to={localePath('/prepaid-recharge')}>{t('payment.airtime.recharge')}</Link>
            </p>
          </div>
        ) : null}
        <button type="submit" className="button button--block" disabled={invalid || flow.busy}>
          {t('payment.proceedToPay')}
        </button>
      </form>
      {/* Dialogs stay outside the form: Enter in a code box must not submit the panel. */}
      <PaymentOtpDialog flow={flow} />
      <ConfirmAirtimeDialog
        open={flow.step === 'confirm'}
        amount={amount}
        number={numberText(payer)}
        busy={flow.busy}
        onYes={() => void flow.confirm()}
        onNo={flow.close}
      />
    </>
  );
}
