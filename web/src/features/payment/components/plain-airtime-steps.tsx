import { useTranslation } from 'react-i18next';
import type { FormResult } from '@/lib/form-result';
import type { PurchaseContext } from '@/lib/purchase-context';
import { amountText, numberText } from '../utils/format';
import { AIRTIME_ASK_FIELD, AIRTIME_CODE_FIELD, AIRTIME_SEAL_FIELD } from '../utils/plain-airtime';
import { PlainPaymentFields } from './plain-payment-fields';
import { PlainCodeField } from '@/domain/otp/plain-code-field';
import { LIMIT_WAIT } from '@/domain/otp/code-refusal';
import { LimitWait } from '@/domain/otp/limit-wait-notice';
import { RESEND_WAIT } from '@/domain/otp/resend-wait';
import { ResendWait } from '@/domain/otp/resend-wait-notice';

/*
 * The steps of an airtime payment after its email and phone form, as plain forms (no JavaScript; the server's
 * answers of web/src/server/airtime-action.ts): the one-time code, then 'Are you sure?'.
 */

type StepProps = {
  /** The server's answer that brought the page to this step. */
  result: FormResult;
  /** The Idempotency-Key of the payment (a sealed purchase's). */
  attempt: string | undefined;
  /** Where the forms are sent: this page. */
  action: string;
};

/** What every form of a step sends besides its own fields: the method, the payment's key, the sealed state. */
function StepFields({ result, attempt, answer }: Omit<StepProps, 'action'> & { answer?: FormResult }) {
  return (
    <>
      <PlainPaymentFields start={{ intent: 'airtime' }} attempt={attempt} result={answer} />
      <input type="hidden" name={AIRTIME_SEAL_FIELD} value={result.values[AIRTIME_SEAL_FIELD] ?? ''} />
    </>
  );
}

/** The code sent to the payer, typed into one field; a new code, or back to the form. */
export function PlainAirtimeCode({ result, attempt, action }: StepProps) {
  const { t } = useTranslation();
  const { values } = result;
  return (
    <div className="method-panel">
      <h4 className="method-panel__step-title">{t('payment.otpTitle')}</h4>
      <p className="method-panel__intro">{t('otp.sentTo', { recipient: values['recipient'] ?? '' })}</p>
      {values['resent'] ? <p role="status">{t('payment.airtime.codeResent')}</p> : null}
      <form method="post" action={action} noValidate>
        <StepFields result={result} attempt={attempt} answer={result} />
        <input type="hidden" name={AIRTIME_ASK_FIELD} value="code" />
        <PlainCodeField name={AIRTIME_CODE_FIELD} result={result} />
        {values[LIMIT_WAIT] ? <LimitWait minutes={values[LIMIT_WAIT]} /> : null}
        <button type="submit" className="button button--block">
          {t('payment.airtime.verifyCode')}
        </button>
      </form>
      {values[RESEND_WAIT] ? <ResendWait seconds={values[RESEND_WAIT]} /> : null}
      <form method="post" action={action} className="method-panel__actions">
        <StepFields result={result} attempt={attempt} />
        <button type="submit" name={AIRTIME_ASK_FIELD} value="resend" className="button button--ghost">
          {t('otp.resend')}
        </button>
        <button type="submit" name={AIRTIME_ASK_FIELD} value="cancel" className="button button--ghost">
          {t('payment.cancel')}
        </button>
      </form>
    </div>
  );
}

/** 'Are you sure?' (spec §4) with the live dialog's texts: No pays nothing, Yes pays. */
export function PlainAirtimeConfirm({
  context,
  result,
  attempt,
  action,
}: StepProps & { context: PurchaseContext }) {
  const { t, i18n } = useTranslation();
  const amount = amountText(context, i18n.language);
  const number = numberText(result.values['payer'] ?? '');
  return (
    <form method="post" action={action} className="method-panel" aria-labelledby="airtime-confirm-title">
      <h4 id="airtime-confirm-title" className="method-panel__step-title">
        {t('payment.airtime.confirmTitle')}
      </h4>
      <StepFields result={result} attempt={attempt} answer={result} />
      <p>{t('payment.airtime.confirmText', { amount, number })}</p>
      <div className="pin-dialog__actions">
        {/* No first: the form's default button and the first Tab stop must not take the airtime. */}
        <button type="submit" name={AIRTIME_ASK_FIELD} value="no" className="button button--ghost">
          {t('payment.airtime.no')}
        </button>
        <button type="submit" name={AIRTIME_ASK_FIELD} value="yes" className="button">
          {t('payment.airtime.yes')}
        </button>
      </div>
    </form>
  );
}
