import { PATHS } from '@portal/contract/paths';
import { ApiError, buildUrl } from '@/lib/api';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api';
import { trackEvent } from '@/lib/analytics';
import { useLocalePath } from '@/lib/language';
import { useConfig } from '@/lib/config';
import { useHydrated } from '@/lib/hydration';
import { useLoadingWhile } from '@/lib/loading';
import { journeyOf } from '@/lib/journey-paths';
import { getPurchaseContext, storedRedirectPage } from '@/lib/purchase-context';
import { JourneyUssd } from '@/ui/journey-ussd';
import { showToast } from '@/ui/toast';
import { useBackRedirect } from '../hooks/use-back-redirect';
import { useLastSeen } from '../hooks/use-last-seen';
import { RecentPayments } from './recent-payments';
import { useSeenTransaction, useTransactionOutcome } from '../hooks/use-transaction-outcome';
import { isPushMode, leadNotes, statusRows, statusView, summaryTitle } from '../utils/status-view';
import './payment-status.css';
import { CardPage } from '@/ui/card-page';
import { formatMoment } from '@/lib/dates';

/** A payment that ended has a receipt (decision 0070): successful, refunded or failed. */
const RECEIPT_STATES = ['FULFILLED', 'REFUNDED', 'FAILED'];

/** When a result was seen, in the page's language: '24 November 2026, 14:05'. */
function seenTime(at: number, language: string): string {
  return formatMoment(at, language, { date: 'long', time: true });
}

/**
 * /payment/status?id={transactionId} and /payment/status/{id}. `channel` and `pg` arrive when a
 * chat-channel gateway returns here; they are recorded for analytics.
 */
export function PaymentStatusPage() {
  const { t, i18n } = useTranslation();
  const localePath = useLocalePath();
  const config = useConfig().data;
  const params = useParams();
  const [search] = useSearchParams();
  const id = params.id ?? search.get('id') ?? undefined;
  const channel = search.get('channel');
  const pg = search.get('pg');

  const outcome = useTransactionOutcome(id);
  // A record still pending when the server rendered the page shows until the polling settles it.
  const seen = useSeenTransaction(id);
  // The loader stops when the record arrives or the fetch fails (spec §8).
  useLoadingWhile(Boolean(id) && outcome.isPending && !seen);

  // 'No such payment' is an answer, said on the page itself; a toast is for a fetch that failed.
  const notFound = outcome.error instanceof ApiError && outcome.error.httpStatus === 404;
  const reported = useRef<unknown>(undefined);
  useEffect(() => {
    if (outcome.isError && !notFound && reported.current !== outcome.error) {
      reported.current = outcome.error;
      showToast({ message: errorMessage(outcome.error), long: true });
    }
  }, [outcome.isError, outcome.error, notFound]);

  const offlineCopy = useLastSeen(id, outcome.data ?? seen);
  const record = offlineCopy?.record ?? outcome.data ?? seen;

  // Return goes to the page this browser stored for the purchase (sessionStorage, read once live); the
  // server's HTML, and a browser that kept none, lead back to the journey the payment was made on.
  const hydrated = useHydrated();
  const journey = journeyOf(record);
  const target = useMemo(
    () => localePath((hydrated ? storedRedirectPage(getPurchaseContext()) : undefined) ?? journey),
    [localePath, hydrated, journey],
  );
  useBackRedirect(target);
  useEffect(() => {
    if (record) {
      trackEvent('payment_status', {
        status: record.status,
        transactionType: record.transactionType,
        ...(channel ? { channel } : {}),
        ...(pg ? { pg } : {}),
      });
    }
  }, [record, channel, pg]);

  const returnButton = (
    <Link className="button status__return" to={target}>
      {t('status.return')}
    </Link>
  );

  if (!record) {
    if (id && outcome.isPending) return <section className="page container" aria-busy="true" />;
    return (
      <CardPage
        titleId="status-title"
        title={t('status.title')}
        lead={!id ? t('status.missingId') : notFound ? t('status.notFound') : t('status.loadFailed')}
        className="status"
        cardClassName="status__card"
      >
        {returnButton}
      </CardPage>
    );
  }

  const view = statusView(record.status);
  const rows = statusRows(record, i18n.language);
  const lead = leadNotes(record);
  const mobile = record.mobileNumber || record.msisdn;

  return (
    <section className={`page container status status--${view.tone}`} aria-labelledby="status-title">
      <div className="card status__card">
        <span className={`status__icon status__icon--${view.tone}`} aria-hidden="true">
          {view.tone === 'success' ? '✓' : view.tone === 'pending' ? '…' : '!'}
        </span>
        <h1 id="status-title" className="status__heading">
          {view.headingKey ? t(view.headingKey) : view.rawHeading}
        </h1>
        {/* Said to a screen reader when a pending payment settles while the page is open. */}
        <p className="status__greeting" aria-live="polite">
          {`${t('status.greeting', { mobile })} `}
          <strong className={`status__outcome tone--${view.tone}`}>{t(view.outcomeKey)}</strong>
        </p>
        {view.tone === 'pending' && isPushMode(record.paymentMode) ? (
          // A prompt on the payer's phone (mobile money push, MPESA): what is asked of them, and how this page
          // learns the outcome. Without JavaScript it reloads itself while pending (routes/payment-status.tsx);
          // the live page looks again every 10 s (useTransactionOutcome), for ten minutes.
          <div className="status__push">
            <p>{t('status.push.approve')}</p>
            <p>{t('status.push.reloadsItself')}</p>
          </div>
        ) : view.tone === 'pending' ? (
          // Being delivered (or refunded): the page follows it, with or without JavaScript.
          <p className="status__push">{t('status.pending.showsOutcome')}</p>
        ) : null}
        {offlineCopy ? (
          <p className="status__offline" role="status">
            {t('status.lastSeen', { time: seenTime(offlineCopy.seenAt, i18n.language) })}
          </p>
        ) : null}

        <section className="status__summary" aria-labelledby="status-summary-title">
          <h2 id="status-summary-title" className="status__summary-title">
            <span className="status__summary-label">{t('status.reference')}</span>
            {` ${summaryTitle(record)}`}
          </h2>
          <dl className="rows">
            {rows.map((row) => (
              <div key={row.id} className="rows__row">
                <dt>{t(row.labelKey)}</dt>
                <dd className={row.tone ? `tone--${row.tone}` : undefined}>
                  {row.valueKey ? t(row.valueKey) : row.value}
                </dd>
              </div>
            ))}
          </dl>
          {RECEIPT_STATES.includes(record.transactionStatus) ? (
            <p className="status__receipt">
              <a
                className="button button--ghost"
                href={buildUrl(PATHS.receipt, { tid: record.transactionId, lang: i18n.language })}
                download
              >
                {t('status.receipt.pdf')}
              </a>
              {/* Printing needs the page's script: the server's HTML (no JavaScript) offers the PDF alone. */}
              {hydrated ? (
                <>
                  {' '}
                  <button type="button" className="button button--ghost" onClick={() => window.print()}>
                    {t('status.receipt.print')}
                  </button>
                </>
              ) : null}
            </p>
          ) : null}
        </section>
        {lead ? (
          <div className="status__lead">
            <p>{t(lead.noteKey)}</p>
            {config?.customerCareNumber ? (
              <p className="status__contact">
                {t('status.lead.contact', { careNumber: config.customerCareNumber })}
              </p>
            ) : null}
          </div>
        ) : null}
        {view.tone === 'failure' || view.tone === 'neutral' ? (
          <JourneyUssd config={config} jobs={['rechargeVoucher', 'buyData', 'checkBalance']} />
        ) : null}
        {returnButton}
      </div>
      <RecentPayments except={id} />
    </section>
  );
}
