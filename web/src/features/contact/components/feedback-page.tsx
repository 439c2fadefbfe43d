import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedbackRequest } from '@portal/contract/api/help';
import { MSISDN_RE } from '@portal/contract/rules';
import { errorMessage } from '@/lib/api';
import { langParam, useLanguage } from '@/lib/language';
import { withCatalogue, type PageShell } from '@/ui/catalogue-page';
import { PhoneInput } from '@/ui/phone-input';
import { showToast } from '@/ui/toast';
import { useSendFeedback } from '../api/send-feedback';
import './contact.css';

type Topic = FeedbackRequest['topic'];

/** The contract's topics (a type-only import keeps zod out of this page). */
const TOPIC_KEYS: Record<Topic, string> = {
  shop: 'feedback.topicShop',
  'customer-care': 'feedback.topicCustomerCare',
  network: 'feedback.topicNetwork',
  portal: 'feedback.topicPortal',
  other: 'feedback.topicOther',
};

export const FEEDBACK_CATALOGUE = 'feedback-translation';

const SHELL: PageShell = { catalogue: FEEDBACK_CATALOGUE, className: 'feedback', labelKey: 'feedback.title' };

/** /give_your_feedback ('Our Service Experience'): a rating, a topic, a comment and an optional number. */
export const FeedbackPage = withCatalogue(Feedback, SHELL);

function Feedback() {
  const { t } = useTranslation();
  const lang = langParam(useLanguage());
  const ids = useId();
  const send = useSendFeedback();
  const [rating, setRating] = useState<number | undefined>();
  const [topic, setTopic] = useState<Topic>('shop');
  const [comment, setComment] = useState('');
  const [msisdn, setMsisdn] = useState('');
  const [touched, setTouched] = useState(false);
  const [sent, setSent] = useState(false);

  const commentError = touched && !comment.trim() ? t('feedback.commentRequired') : undefined;
  const msisdnError = msisdn && !MSISDN_RE.test(msisdn) ? t('feedback.mobileInvalid') : undefined;
  const canSend = rating !== undefined && comment.trim() !== '' && !msisdnError && !send.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!canSend || rating === undefined) return;
    send.mutate(
      { rating, topic, comment: comment.trim(), lang, ...(msisdn ? { msisdn } : {}) },
      {
        onSuccess: () => setSent(true),
        onError: (error) => showToast({ message: errorMessage(error) }),
      },
    );
  };

  const reset = () => {
    setRating(undefined);
    setComment('');
    setMsisdn('');
    setTouched(false);
    setSent(false);
  };

  return (
    <section className="page container feedback" aria-labelledby="feedback-title">
      <h1 id="feedback-title" className="page__title">
        {t('feedback.title')}
      </h1>
      <p className="page__lead">{t('feedback.intro')}</p>
      {sent ? (
        <div className="card feedback__thanks" role="status">
          <h2>{t('feedback.thanks')}</h2>
          <p>{t('feedback.thanksText')}</p>
          <button type="button" className="button button--ghost" onClick={reset}>
            {t('feedback.another')}
          </button>
        </div>
      ) : (
        <form className="card feedback__form" onSubmit={submit} noValidate>
          <fieldset className="feedback__rating">
            <legend className="field__label">{t('feedback.rating')}</legend>
            <div className="feedback__stars">
              {[1, 2, 3, 4, 5].map((value) => (
                <label key={value} className="feedback__star">
                  <input
                    type="radio"
                    name="rating"
                    value={value}
                    checked={rating === value}
                    onChange={() => setRating(value)}
                  />
                  <span aria-hidden="true" className="feedback__star-icon">
                    ★
                  </span>
                  <span className="feedback__star-label">{t(`feedback.rating${value}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="field">
            <label className="field__label" htmlFor={`${ids}-topic`}>
              {t('feedback.topic')}
            </label>
            <div className="field__control">
              <select
                id={`${ids}-topic`}
                className="field__input"
                value={topic}
                onChange={(event) => setTopic(event.target.value as Topic)}
              >
                {(Object.keys(TOPIC_KEYS) as Topic[]).map((value) => (
                  <option key={value} value={value}>
                    {t(TOPIC_KEYS[value])}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className={commentError ? 'field field--invalid' : 'field'}>
            <label className="field__label" htmlFor={`${ids}-comment`}>
              {t('feedback.comment')}
            </label>
            <div className="field__control">
              <textarea
                id={`${ids}-comment`}
                className="field__input feedback__comment"
                rows={5}
                maxLength={1000}
                value={comment}
                aria-invalid={commentError ? true : undefined}
                aria-describedby={commentError ? `${ids}-comment-error` : undefined}
                onChange={(event) => setComment(event.target.value)}
                onBlur={() => setTouched(true)}
              />
            </div>
            {commentError ? (
              <p id={`${ids}-comment-error`} className="field__error" role="alert">
                {commentError}
              </p>
            ) : null}
          </div>
          <PhoneInput
            label={t('feedback.mobile')}
            hint={t('feedback.mobileHint')}
            value={msisdn}
            onChange={setMsisdn}
            error={msisdnError}
          />
          <button type="submit" className="button button--block" disabled={!canSend}>
            {t('feedback.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
