import { useTranslation } from 'react-i18next';
import { serverText, useFormResult, type FormResult } from '@/lib/form-result';
import { TextField } from '@/ui/text-field';
import { AttemptsLeft } from '@/domain/otp/attempts-left';
import { ATTEMPTS_LEFT, LIMIT_WAIT } from '@/domain/otp/code-refusal';
import { LimitWait } from '@/domain/otp/limit-wait-notice';
import { RESEND_WAIT } from '@/domain/otp/resend-wait';
import { ResendWait } from '@/domain/otp/resend-wait-notice';
import { INTENT_FIELD, type PlainStep } from '../utils/plain-request';
import { detailsOf } from '../utils/lead';

/** The server's answer to a plain form of the request (web/src/server/hbb-lead-action.ts), with its step. */
export type PlainAnswer = FormResult & { step: PlainStep };

export function usePlainAnswer(): PlainAnswer | undefined {
  const result = useFormResult();
  const step = result?.values['step'];
  if (!result || (step !== 'plan' && step !== 'details' && step !== 'place' && step !== 'code')) {
    return undefined;
  }
  return { ...result, step };
}

/**
 * What an answer tells the page but no form sends back: the step, the search, the action, the attempts left,
 * the seconds (or, at the daily limit, minutes) before a new code.
 */
const ANSWER_ONLY = new Set(['step', 'q', INTENT_FIELD, ATTEMPTS_LEFT, RESEND_WAIT, LIMIT_WAIT]);

/** What a form of the request carries forward: all it was answered with, but what is the answer's alone. */
function Carried({ values }: { values: Record<string, string> }) {
  return (
    <>
      {Object.entries(values)
        .filter(([name]) => !ANSWER_ONLY.has(name))
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
    </>
  );
}

/**
 * The place found for the address, to confirm (or the details to edit); where none was found, or it is the
 * wrong one, a place the customer types is searched instead: there is no map to tap without JavaScript.
 */
export function PlainPlaceStep({ answer, action }: { answer: PlainAnswer; action: string }) {
  const { t } = useTranslation();
  const { values } = answer;
  const details = detailsOf(values);
  const found = Boolean(values['lat'] && values['lng']);
  const searchError = serverText(t, answer.errors['q']);
  return (
    <>
      {answer.message ? (
        <p className="field__error" role="alert">
          {serverText(t, answer.message)}
        </p>
      ) : null}
      {values[LIMIT_WAIT] ? <LimitWait minutes={values[LIMIT_WAIT]} /> : null}
      <p className="hbb-map__status" role="status">
        {found ? t('hbb.plain.found', { place: values['place'] || details.town }) : t('hbb.plain.notFound')}
      </p>
      <dl className="hbb-confirm">
        <dt>{t('hbb.confirm.address')}</dt>
        <dd>{details.address}</dd>
        {details.landmark ? (
          <>
            <dt>{t('hbb.confirm.landmark')}</dt>
            <dd>{details.landmark}</dd>
          </>
        ) : null}
        <dt>{t('hbb.confirm.town')}</dt>
        <dd>{details.town}</dd>
      </dl>
      <form method="post" action={action} className="hbb-actions">
        <Carried values={values} />
        {found ? (
          <button type="submit" name={INTENT_FIELD} value="confirm" className="button">
            {t('hbb.confirm.yes')}
          </button>
        ) : null}
        <button type="submit" name={INTENT_FIELD} value="edit" className="button button--ghost">
          {t('hbb.confirm.edit')}
        </button>
      </form>
      <form method="post" action={action} className="hbb-plain-search">
        <Carried values={values} />
        <input type="hidden" name={INTENT_FIELD} value="place" />
        <TextField
          label={t('hbb.map.searchPlaceholder')}
          name="q"
          defaultValue={values['q'] ?? ''}
          error={searchError}
        />
        <button type="submit" className="button button--ghost">
          {t('hbb.map.searchButton')}
        </button>
      </form>
    </>
  );
}

/** The one-time code sent to the contact number; the lead is submitted once it is verified. */
export function PlainCodeStep({ answer, action }: { answer: PlainAnswer; action: string }) {
  const { t } = useTranslation();
  const { values } = answer;
  return (
    <>
      <h3 className="hbb__step-title">{t('hbb.otp.title')}</h3>
      <p>{t('hbb.otp.intro', { msisdn: detailsOf(values).contactNumber })}</p>
      <form method="post" action={action}>
        <Carried values={values} />
        <input type="hidden" name={INTENT_FIELD} value="code" />
        <TextField
          label={t('otp.codeLabel')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={serverText(t, answer.errors['code'])}
        />
        {values[ATTEMPTS_LEFT] ? <AttemptsLeft count={values[ATTEMPTS_LEFT]} /> : null}
        {values[LIMIT_WAIT] ? <LimitWait minutes={values[LIMIT_WAIT]} /> : null}
        <button type="submit" className="button">
          {t('hbb.confirm.yes')}
        </button>
      </form>
      {values[RESEND_WAIT] ? <ResendWait seconds={values[RESEND_WAIT]} /> : null}
      <form method="post" action={action} className="hbb-actions">
        <Carried values={values} />
        <button type="submit" name={INTENT_FIELD} value="resend" className="button button--ghost">
          {t('otp.resend')}
        </button>
      </form>
    </>
  );
}

/** The step a plain form reached after the details: the place, then the code. */
export function PlainStepBody({ answer, action }: { answer: PlainAnswer; action: string }) {
  const { t } = useTranslation();
  return (
    <>
      <h2 className="hbb__step-title">{t('hbb.map.title')}</h2>
      {answer.step === 'code' ? (
        <PlainCodeStep answer={answer} action={action} />
      ) : (
        <PlainPlaceStep answer={answer} action={action} />
      )}
    </>
  );
}
