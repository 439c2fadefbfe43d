import { PATHS } from '@portal/contract/paths';
import type { TransactionStatusResult } from '@portal/contract/api/payments';
import { buildUrl } from '@/lib/api';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfig } from '@/lib/config';
import { JourneyUssd } from '@/ui/journey-ussd';
import { RecentPayments } from './recent-payments';
import { usePaymentStatus } from '../hooks/use-payment-status';
import {
  isPushMode,
  leadNotes,
  statusRows,
  statusValueKey,
  statusView,
  summaryTitle,
} from '../utils/status-view';
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
  const config = useConfig().data;
  const { id, pending, notFound, offlineCopy, record, hydrated, target } = usePaymentStatus();

  const returnButton = (
    <Link className="button status__return" to={target}>
      {t('status.return')}
    </Link>
  );

  if (!record) {
    if (id && pending) return <section className="page container" aria-busy="true" />;
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
  const lead = leadNotes(record);
  const mobile = record.mobileNumber || record.msisdn;

  return (
    <section className={`page container status status--${view.tone}`} aria-labelledby="status-title">
      <div className="card status__card">
        <span className={`status__icon status__icon--${view.tone}`} aria-hidden="true">
          {view.tone === 'success' ? '✓' : view.tone === 'pending' ? '…' : '!'}
        </span>
        <h1 id="status-title" className="status__heading">
          {view.headingKey
            ? t(view.headingKey)
            : t(statusValueKey(view.rawHeading ?? ''), { defaultValue: view.rawHeading })}
        </h1>
        {/* Said to a screen reader when a pending payment settles while the page is open. */}
        <p className="status__greeting" aria-live="polite">
          {`${t('status.greeting', { mobile })} `}
          <strong className={`status__outcome tone--${view.tone}`}>{t(view.outcomeKey)}</strong>
        </p>
        <PendingNote pending={view.tone === 'pending'} paymentMode={record.paymentMode} />
        {offlineCopy ? (
          <p className="status__offline" role="status">
            {t('status.lastSeen', { time: seenTime(offlineCopy.seenAt, i18n.language) })}
          </p>
        ) : null}
        <StatusSummary record={record} hydrated={hydrated} />
        {lead ? <LeadNote noteKey={lead.noteKey} careNumber={config?.customerCareNumber} /> : null}
        {view.tone === 'failure' || view.tone === 'neutral' ? (
          <JourneyUssd config={config} jobs={['rechargeVoucher', 'buyData', 'checkBalance']} />
        ) : null}
        {returnButton}
      </div>
      <RecentPayments except={id} />
    </section>
  );
}

/** What a pending payment waits for, and how this page learns its outcome. */
function PendingNote({
  pending,
  paymentMode,
}: {
  pending: boolean;
  paymentMode: TransactionStatusResult['paymentMode'];
}) {
  const { t } = useTranslation();
  if (pending && isPushMode(paymentMode)) {
    // A prompt on the payer's phone (mobile money push, MPESA): what is asked of them, and how this page
    // learns the outcome. Without JavaScript it reloads itself while pending (routes/payment-status.tsx);
    // the live page looks again every 10 s (useTransactionOutcome), for ten minutes.
    return (
      <div className="status__push">
        <p>{t('status.push.approve')}</p>
        <p>{t('status.push.reloadsItself')}</p>
      </div>
    );
  }
  // Being delivered (or refunded): the page follows it, with or without JavaScript.
  if (pending) return <p className="status__push">{t('status.pending.showsOutcome')}</p>;
  return null;
}

/** What a broadband lead's payment means for the lead, and whom to call. */
function LeadNote({ noteKey, careNumber }: { noteKey: string; careNumber: string | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="status__lead">
      <p>{t(noteKey)}</p>
      {careNumber ? <p className="status__contact">{t('status.lead.contact', { careNumber })}</p> : null}
    </div>
  );
}

/** The payment's reference and rows, and its receipt once it ended. */
function StatusSummary({ record, hydrated }: { record: TransactionStatusResult; hydrated: boolean }) {
  const { t, i18n } = useTranslation();
  const rows = statusRows(record, i18n.language);
  return (
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
              {row.valueKey ? t(row.valueKey, { defaultValue: row.value }) : row.value}
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
  );
}
