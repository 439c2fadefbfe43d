import { useMemo, useState, type MouseEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/lib/online';
import DOMPurify from 'dompurify';
import { useFormResult } from '@/lib/form-result';
import { useBrowserValue } from '@/lib/hydration';
import { useLocalePath } from '@/lib/language';
import { unavailableWhen } from '@/ui/unavailable';
import { hasVoted, useVote, VOTE_FIELDS, VOTE_THANKS_ID, VOTE_VALUES, VOTED_PARAM } from '../api/vote';
import { helpSearch, questionLocation, type FaqItem } from '../utils/faq-tree';

/** Where the help centre lives; its plain vote form is sent there (web/src/server/help-vote-action.ts). */
export const HELP_PATH = '/gethelp';

/**
 * The answer's HTML as the browser will show it: sanitised again here, whatever the server did. The server's
 * render writes it as the help service sanitised it when the FAQs were loaded (DOMPurify needs a DOM).
 */
export function safeAnswerHtml(html: string): string {
  if (typeof window === 'undefined') return html;
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'img'],
  });
}

/**
 * The answer's links to portal pages ('/data-bundle') in the page's language ('/ig/data-bundle'), written into
 * the HTML so that a page without JavaScript, and a link opened in a new tab, keep the visitor's language.
 */
export function localisedLinks(html: string, localePath: (path: string) => string): string {
  return html.replace(/href="(\/(?!\/)[^"]*)"/g, (_match, path: string) => `href="${localePath(path)}"`);
}

/** Stage 4 (spec §2): category, question, the HTML answer and its feedback (AnswerFeedback). */
export function AnswerView({ item, lang }: { item: FaqItem; lang: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const html = useMemo(
    () => localisedLinks(safeAnswerHtml(item.answer), localePath),
    [item.answer, localePath],
  );
  const online = useOnline();

  // Links to portal pages inside an answer stay in the app (their addresses are in the page's language).
  const onAnswerClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (
      !href ||
      !href.startsWith('/') ||
      href.startsWith('//') ||
      event.ctrlKey ||
      event.metaKey ||
      event.shiftKey
    )
      return;
    event.preventDefault();
    void navigate(href);
  };

  return (
    <article className="help-answer card" aria-labelledby="help-answer-question">
      <p className="help-answer__category">
        <span className="visually-hidden">{`${t('faq.category')}: `}</span>
        {item.category}
      </p>
      <h2 id="help-answer-question" className="help-answer__question">
        <span className="visually-hidden">{`${t('faq.question')}: `}</span>
        {item.question}
      </h2>
      <h3 className="visually-hidden">{t('faq.answer')}</h3>
      {/* Clicks are delegated to the links inside, which keyboards reach and activate themselves. */}
      {item.answer ? (
        <div
          className="help-answer__body"
          onClick={onAnswerClick}
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : (
        // The page came with this question's answer only; another's arrives with the list asked for again.
        <p className="help-answer__body" role="status">
          {online ? t('help.loading') : t('help.answerOffline')}
        </p>
      )}
      <AnswerFeedback item={item} lang={lang} />
    </article>
  );
}

/**
 * 'Was this helpful?' with thumbs up and down, the thank-you after a vote and the share of visitors who found
 * the answer helpful. The thumbs are a plain form: the live page sends the vote itself and stays; without
 * JavaScript (or before the page is live) the server sends it and answers with this answer again, counted,
 * and the thank-you (`?voted=`).
 */
function AnswerFeedback({ item, lang }: { item: FaqItem; lang: string }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const [params] = useSearchParams();
  const vote = useVote(lang);
  // Votes are remembered in this browser's storage: read once the page is live.
  const votedBefore = useBrowserValue(() => hasVoted(item.questionId), false);
  const [votedNow, setVoted] = useState(false);
  // The server's answer to the plain form: the thank-you, or the page again when the vote failed.
  const votedPlain = params.get(VOTED_PARAM) === item.questionId;
  const sent = useFormResult();
  const refusedPlain = sent?.values[VOTE_FIELDS.questionId] === item.questionId && vote.isIdle;
  const voted = votedBefore || votedNow || votedPlain;

  // The live page sends the vote itself and stays where it is (the form is not sent).
  const cast = (isLike: boolean) => (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    vote.mutate({ questionId: item.questionId, isLike }, { onSuccess: () => setVoted(true) });
  };

  return (
    <div className="help-answer__feedback">
      {voted ? (
        <p id={VOTE_THANKS_ID} className="help-answer__thanks" role="status">
          {t('faq.thankyou')}
        </p>
      ) : (
        <form
          className="help-answer__form"
          method="post"
          action={`${localePath(HELP_PATH)}${helpSearch(questionLocation(item))}`}
        >
          <input type="hidden" name={VOTE_FIELDS.questionId} value={item.questionId} />
          <div className="help-answer__vote" role="group" aria-labelledby="help-answer-feedback">
            <span id="help-answer-feedback" className="help-answer__ask">
              {t('faq.feedback')}
            </span>
            {/* Unavailable while a vote is on its way, but still a Tab stop (ui/unavailable.ts). */}
            <button
              type="submit"
              name={VOTE_FIELDS.vote}
              value={VOTE_VALUES.like}
              className="help-answer__thumb"
              aria-label={t('faq.helpful')}
              {...unavailableWhen(vote.isPending, cast(true))}
            >
              <Thumb />
            </button>
            <button
              type="submit"
              name={VOTE_FIELDS.vote}
              value={VOTE_VALUES.dislike}
              className="help-answer__thumb help-answer__thumb--down"
              aria-label={t('faq.notHelpful')}
              {...unavailableWhen(vote.isPending, cast(false))}
            >
              <Thumb />
            </button>
          </div>
        </form>
      )}
      {vote.isError || refusedPlain ? (
        <p className="help-answer__error" role="alert">
          {t('faq.voteError')}
        </p>
      ) : null}
      <p className="help-answer__percent">
        {item.countLikePercentage === null
          ? t('faq.firstVote')
          : t('faq.percentHelpful', { percent: item.countLikePercentage })}
      </p>
    </div>
  );
}

function Thumb() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path
        fill="currentColor"
        d="M2 21h4V9H2v12zm20-11c0-1.1-.9-2-2-2h-6.3l1-4.6v-.3c0-.4-.2-.8-.4-1.1L13.2 1 6.6 7.6c-.4.4-.6.9-.6 1.4v10c0 1.1.9 2 2 2h9c.8 0 1.5-.5 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2z"
      />
    </svg>
  );
}
