import { useTranslation } from 'react-i18next';
import type { BalanceEntry } from '@portal/contract/api/bills';
import type { FormResult } from '@/lib/form-result';
import { PlainCodeField } from '@/domain/otp/plain-code-field';
import { LIMIT_WAIT } from '@/domain/otp/code-refusal';
import { LimitWait } from '@/domain/otp/limit-wait-notice';
import { RESEND_WAIT } from '@/domain/otp/resend-wait';
import { ResendWait } from '@/domain/otp/resend-wait-notice';
import {
  BALANCE_CODE_FIELD,
  BALANCE_INTENT_FIELD,
  BALANCE_INTENTS,
  BALANCE_SEAL_FIELD,
  CODE_RESENT,
  NEW_CODE,
} from '../utils/plain-balance';
import { BalanceTable } from './balance-table';

/*
 * 'Fetch your Data Balance' without JavaScript (the server's answers of web/src/server/broadband-balance-action.ts):
 * the code sent to the device, typed into one field; then the balances in the page.
 */

/**
 * 'Confirm it is your device' (the live dialog's title): the code, 'Show balance', and a new code. A form of
 * its own, so that Enter in the code field shows the balance (its first button) while Enter in the number's
 * form still shows the plans.
 */
export function PlainBalanceCode({ result, action }: { result: FormResult; action: string }) {
  const { t } = useTranslation();
  const { values } = result;
  return (
    <form
      method="post"
      action={action}
      className="card broadband__code"
      aria-labelledby="broadband-code-title"
      noValidate
    >
      <h2 id="broadband-code-title" className="broadband__step-title">
        {t('broadband.otpTitle')}
      </h2>
      <p>{t('otp.sentTo', { recipient: values['recipient'] ?? '' })}</p>
      {values[CODE_RESENT] ? <p role="status">{t('broadband.codeResent')}</p> : null}
      <input type="hidden" name="msisdn" value={values['msisdn'] ?? ''} />
      <input type="hidden" name={BALANCE_SEAL_FIELD} value={values[BALANCE_SEAL_FIELD] ?? ''} />
      <PlainCodeField name={BALANCE_CODE_FIELD} result={result} />
      {values[NEW_CODE] ? <p role="status">{t('broadband.newCodeHint')}</p> : null}
      {values[LIMIT_WAIT] ? <LimitWait minutes={values[LIMIT_WAIT]} /> : null}
      <button
        type="submit"
        name={BALANCE_INTENT_FIELD}
        value={BALANCE_INTENTS.code}
        className="button button--block"
      >
        {t('broadband.showBalance')}
      </button>
      {values[RESEND_WAIT] ? <ResendWait seconds={values[RESEND_WAIT]} /> : null}
      <button
        type="submit"
        name={BALANCE_INTENT_FIELD}
        value={BALANCE_INTENTS.resend}
        className="button button--ghost button--block broadband__resend"
      >
        {t('otp.resend')}
      </button>
    </form>
  );
}

/** The balances read, in the page (the popup's rows), said to a screen reader as they arrive. */
export function PlainBalance({ balances }: { balances: BalanceEntry[] }) {
  const { t } = useTranslation();
  return (
    <section className="card broadband__balance" role="status" aria-labelledby="broadband-balance-title">
      <h2 id="broadband-balance-title" className="broadband__step-title">
        {t('broadband.balanceTitle')}
      </h2>
      <BalanceTable balances={balances} />
    </section>
  );
}
