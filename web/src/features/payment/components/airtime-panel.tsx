import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { emailError } from '@portal/contract/rules';
import { serverError, useFormResult, type FormResult } from '@/lib/form-result';
import { useHydrated } from '@/lib/hydration';
import { useLocalePath } from '@/lib/language';
import type { PurchaseContext } from '@/lib/purchase-context';
import { useRuleMessage } from '@/lib/validation';
import { useAirtimePayment } from '../hooks/use-airtime-payment';
import { airtimePayerProblem } from '../utils/airtime';
import { amountText, numberText } from '../utils/format';
import { AIRTIME_ASK_FIELD, plainAirtimeStep } from '../utils/plain-airtime';
import { ConfirmAirtimeDialog } from './confirm-dialog';
import { salesLead } from '../utils/sales-lead';
import { EmailField } from './email-field';
import { PayerNumberField } from './payer-number-field';
import { PaymentOtpDialog } from './payment-otp-dialog';
import { PlainAirtimeCode, PlainAirtimeConfirm } from './plain-airtime-steps';
import { PlainPaymentFields } from './plain-payment-fields';
import { unavailableWhen } from '@/ui/unavailable';

type PanelProps = {
  context: PurchaseContext;
  /** The Idempotency-Key of a plain form's payment (a sealed purchase): the server starts it. */
  attempt?: string | undefined;
};

/**
 * Airtime panel (spec §2: email and phone form; §4 "Airtime payment"). The phone is the payer's: its airtime
 * pays, after a one-time code sent to it proves it is theirs. Without JavaScript each step is a plain form the
 * server answers with the next: the code, then 'Are you sure?'.
 */
export function AirtimePanel({ context, attempt }: PanelProps) {
  const result = useFormResult();
  const location = useLocation();
  const action = location.pathname + location.search;
  const step = plainAirtimeStep(result);
  if (result && step === 'code')
    return <PlainAirtimeCode result={result} attempt={attempt} action={action} />;
  if (result && step === 'confirm') {
    return <PlainAirtimeConfirm context={context} result={result} attempt={attempt} action={action} />;
  }
  return <AirtimeForm context={context} attempt={attempt} result={result} action={action} />;
}

/** The email and phone form: the live page's flow, or (without a script) a plain form the server answers. */
function AirtimeForm({
  context,
  attempt,
  result,
  action,
}: PanelProps & { result: FormResult | undefined; action: string }) {
  const { t, i18n } = useTranslation();
  const translateRule = useRuleMessage();
  const hydrated = useHydrated();
  const [email, setEmail] = useState(result?.values['email'] ?? context.emailId ?? '');
  // Sales-lead mode (spec §6): the lead's email, read-only.
  const [emailReadOnly] = useState(() => Boolean(salesLead(context) && context.emailId));
  // A prepaid recharge is paid from another line's airtime, so the payer starts empty there.
  const [payer, setPayer] = useState(
    result?.values['payer'] ?? (context.transactionType === 'PREPAID_RECHARGE' ? '' : context.msisdn),
  );
  const flow = useAirtimePayment();

  const payerError = (value: string) => airtimePayerProblem(context, value);
  const invalid = Boolean(emailError(email, true) || payerError(payer));
  const amount = amountText(context, i18n.language);
  const insufficient = flow.step === 'insufficient' || plainAirtimeStep(result) === 'insufficient';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!invalid) void flow.start(context, payer, email.trim());
  };

  return (
    <>
      {/* Without JavaScript the server sends the code and answers with the code step. */}
      <form className="method-panel" method="post" action={action} onSubmit={submit} noValidate>
        <PlainPaymentFields start={{ intent: 'airtime' }} attempt={attempt} result={result} />
        <input type="hidden" name={AIRTIME_ASK_FIELD} value="send" />
        <p className="method-panel__intro">{t('payment.airtime.intro')}</p>
        <EmailField
          value={email}
          onChange={setEmail}
          airtimeForm
          readOnly={emailReadOnly}
          serverMessage={translateRule(serverError(result, 'email', email))}
        />
        <PayerNumberField
          value={payer}
          onChange={setPayer}
          message={(value) => translateRule(payerError(value))}
          hint={t('payment.airtime.payerHint')}
          serverMessage={translateRule(serverError(result, 'payer', payer))}
        />
        {insufficient ? <InsufficientAirtime /> : null}
        <button
          type="submit"
          className="button button--block"
          {...unavailableWhen(hydrated && (invalid || flow.busy))}
        >
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

/** Too little airtime (spec §8): the message, and what to do instead. */
function InsufficientAirtime() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <div className="method-panel__alert" role="alert">
      <p className="method-panel__alert-title">{t('payment.airtime.insufficient')}</p>
      <p>
        {`${t('payment.airtime.insufficientHint')} `}
        <Link to={localePath('/prepaid-recharge')}>{t('payment.airtime.recharge')}</Link>
      </p>
    </div>
  );
}
