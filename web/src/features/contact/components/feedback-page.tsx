import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FeedbackRequest } from '@portal/contract/api/help';
import { MSISDN_RE, digitsOnly } from '@portal/contract/rules';
import { errorMessage } from '@/lib/api';
import { useFormResult, type FormResult } from '@/lib/form-result';
import { useHydrated } from '@/lib/hydration';
import { langParam, useLanguage, useLocalePath } from '@/lib/language';
import { withCatalogue, type PageShell } from '@/ui/catalogue-page';
import { PhoneInput } from '@/ui/phone-input';
import { showToast } from '@/ui/toast';
import { useSendFeedback } from '../api/send-feedback';
import { unavailableWhen } from '@/ui/unavailable';
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
export const FEEDBACK_PATH = '/give_your_feedback';
/** The query parameter of the thanks: the id of the feedback just stored. */
export const FEEDBACK_SENT_PARAM = 'sent';
/** The form's field names, as a plain HTML form sends them (web/src/server/feedback-action.ts). */
export const FEEDBACK_FIELDS = {
  rating: 'rating',
  topic: 'topic',
  comment: 'comment',
  msisdn: 'msisdn',
} as const;

function isTopic(value: string | undefined): value is Topic {
  return value !== undefined && value in TOPIC_KEYS;
}

/** What the form starts with: empty, or what a plain HTML form sent and the server sent back. */
function initialEntries(result: FormResult | undefined) {
  const values = result?.values ?? {};
  const rating = Number(values[FEEDBACK_FIELDS.rating]);
  const topic = values[FEEDBACK_FIELDS.topic];
  return {
    rating: Number.isInteger(rating) && rating >= 1 && rating <= 5 ? rating : undefined,
    topic: isTopic(topic) ? topic : ('shop' as const),
    comment: values[FEEDBACK_FIELDS.comment] ?? '',
    msisdn: digitsOnly(values[FEEDBACK_FIELDS.msisdn] ?? ''),
  };
}

const SHELL: PageShell = { catalogue: FEEDBACK_CATALOGUE, className: 'feedback', labelKey: 'feedback.title' };

/**
 * /give_your_feedback ('Our Service Experience'): a rating, a topic, a comment and an optional number. Sent
 * by the live page, or as a plain HTML form (web/src/server/feedback-action.ts), which the server checks with
 * the contract's rules and answers with the form again, as sent, or with the thanks.
 */
export const FeedbackPage = withCatalogue(Feedback, SHELL);

function Feedback() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const [params] = useSearchParams();
  const live = useHydrated();
  const ids = useId();
  const form = useFeedbackForm();
  const sent = params.get(FEEDBACK_SENT_PARAM) !== null;

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
          <Link className="button button--ghost" to={localePath(FEEDBACK_PATH)}>
            {t('feedback.another')}
          </Link>
        </div>
      ) : (
        <FeedbackForm form={form} ids={ids} live={live} action={localePath(FEEDBACK_PATH)} />
      )}
    </section>
  );
}

/** The form's entries, the rules' findings on them, and sending them from the live page. */
function useFeedbackForm() {
  const { t } = useTranslation();
  const lang = langParam(useLanguage());
  const localePath = useLocalePath();
  const navigate = useNavigate();
  const send = useSendFeedback();
  // Refused as a plain form: the entries as sent, and the rules' findings shown at once.
  const result = useFormResult();
  const [initial] = useState(() => initialEntries(result));
  const [rating, setRating] = useState<number | undefined>(initial.rating);
  const [topic, setTopic] = useState<Topic>(initial.topic);
  const [comment, setComment] = useState(initial.comment);
  const [msisdn, setMsisdn] = useState(initial.msisdn);
  const [touched, setTouched] = useState(result !== undefined);

  const ratingError = result && rating === undefined ? t('feedback.ratingRequired') : undefined;
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
        onSuccess: ({ feedbackId }) => {
          reset();
          void navigate(`${localePath(FEEDBACK_PATH)}?${FEEDBACK_SENT_PARAM}=${feedbackId}`);
        },
        onError: (error) => showToast({ message: errorMessage(error) }),
      },
    );
  };

  const reset = () => {
    setRating(undefined);
    setComment('');
    setMsisdn('');
    setTouched(false);
  };

  return {
    failure: result?.message,
    rating,
    setRating,
    ratingError,
    topic,
    setTopic,
    comment,
    setComment,
    commentError,
    touch: () => setTouched(true),
    msisdn,
    setMsisdn,
    msisdnError,
    canSend,
    submit,
  };
}

type FeedbackEntries = ReturnType<typeof useFeedbackForm>;

/** The form itself, posted as a plain HTML form without JavaScript. */
function FeedbackForm(props: { form: FeedbackEntries; ids: string; live: boolean; action: string }) {
  const { form, ids } = props;
  const { t } = useTranslation();
  return (
    <form
      className="card feedback__form"
      method="post"
      action={props.action}
      onSubmit={form.submit}
      noValidate
    >
      {form.failure ? (
        <p className="field__error" role="alert">
          {form.failure}
        </p>
      ) : null}
      <RatingField ids={ids} rating={form.rating} onChange={form.setRating} error={form.ratingError} />
      <TopicField ids={ids} topic={form.topic} onChange={form.setTopic} />
      <CommentField
        ids={ids}
        comment={form.comment}
        onChange={form.setComment}
        onBlur={form.touch}
        error={form.commentError}
      />
      <PhoneInput
        label={t('feedback.mobile')}
        name={FEEDBACK_FIELDS.msisdn}
        hint={t('feedback.mobileHint')}
        value={form.msisdn}
        onChange={form.setMsisdn}
        error={form.msisdnError}
      />
      {/* A plain HTML form can always be sent: the server checks it with the same rules. */}
      <button
        type="submit"
        className="button button--block"
        {...unavailableWhen(props.live && !form.canSend)}
      >
        {t('feedback.submit')}
      </button>
    </form>
  );
}

/** One to five stars, each a radio button with its words. */
function RatingField(props: {
  ids: string;
  rating: number | undefined;
  onChange: (rating: number) => void;
  error: string | undefined;
}) {
  const { ids, error } = props;
  const { t } = useTranslation();
  return (
    <fieldset className="feedback__rating" aria-describedby={error ? `${ids}-rating-error` : undefined}>
      <legend className="field__label">{t('feedback.rating')}</legend>
      <div className="feedback__stars">
        {[1, 2, 3, 4, 5].map((value) => (
          <label key={value} className="feedback__star">
            <input
              type="radio"
              name={FEEDBACK_FIELDS.rating}
              value={value}
              checked={props.rating === value}
              onChange={() => props.onChange(value)}
            />
            <span aria-hidden="true" className="feedback__star-icon">
              ★
            </span>
            <span className="feedback__star-label">{t(`feedback.rating${value}`)}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${ids}-rating-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function TopicField(props: { ids: string; topic: Topic; onChange: (topic: Topic) => void }) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label className="field__label" htmlFor={`${props.ids}-topic`}>
        {t('feedback.topic')}
      </label>
      <div className="field__control">
        <select
          id={`${props.ids}-topic`}
          name={FEEDBACK_FIELDS.topic}
          className="field__input"
          value={props.topic}
          onChange={(event) => props.onChange(event.target.value as Topic)}
        >
          {(Object.keys(TOPIC_KEYS) as Topic[]).map((value) => (
            <option key={value} value={value}>
              {t(TOPIC_KEYS[value])}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function CommentField(props: {
  ids: string;
  comment: string;
  onChange: (comment: string) => void;
  onBlur: () => void;
  error: string | undefined;
}) {
  const { ids, error } = props;
  const { t } = useTranslation();
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={`${ids}-comment`}>
        {t('feedback.comment')}
      </label>
      <div className="field__control">
        <textarea
          id={`${ids}-comment`}
          name={FEEDBACK_FIELDS.comment}
          className="field__input feedback__comment"
          rows={5}
          maxLength={1000}
          value={props.comment}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-comment-error` : undefined}
          onChange={(event) => props.onChange(event.target.value)}
          onBlur={props.onBlur}
        />
      </div>
      {error ? (
        <p id={`${ids}-comment-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
