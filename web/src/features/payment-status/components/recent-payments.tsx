import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatNaira } from '@portal/contract/rules';
import { useHydrated } from '@/lib/hydration';
import { useLocalePath } from '@/lib/language';
import { forgetPayments, recentPayments } from '../utils/last-seen';
import { statusView, summaryTitle } from '../utils/status-view';
import './payment-status.css';
import { formatMoment } from '@/lib/dates';

/**
 * "My recent payments, on this phone" (issue 15): the payments this browser has seen, newest first, each with
 * its last known status and a link to its status page; the visitor can clear the list. Kept in localStorage
 * only, so it shows once the page is live (and takes no room before, at the bottom of the page).
 */
export function RecentPayments({ except }: { except?: string | undefined } = {}) {
  const { t, i18n } = useTranslation();
  const localePath = useLocalePath();
  const hydrated = useHydrated();
  const [cleared, setCleared] = useState(false);
  // On a status page, the payment it shows is not listed again.
  const payments = hydrated && !cleared ? recentPayments().filter(({ id }) => id !== except) : [];
  if (payments.length === 0) return null;
  const when = (at: number) => formatMoment(at, i18n.language, { date: 'medium', time: true });

  return (
    <section className="container recent-payments" aria-labelledby="recent-payments-title">
      <h2 id="recent-payments-title" className="recent-payments__title">
        {t('recent.title')}
      </h2>
      <p className="recent-payments__note">{t('recent.note')}</p>
      <ul className="recent-payments__list">
        {payments.map(({ id, seen }) => {
          const view = statusView(seen.record.status);
          const outcome = t(view.outcomeKey);
          const amount =
            `${seen.record.currencyCode ?? ''} ${formatNaira(Number(seen.record.amount), i18n.language)}`.trim();
          return (
            <li key={id} className="recent-payments__item">
              <Link
                className="recent-payments__link"
                to={`${localePath('/payment/status')}?id=${encodeURIComponent(id)}`}
              >
                <span className="recent-payments__reference">{summaryTitle(seen.record)}</span>
                <span className="recent-payments__facts">{`${amount} · ${when(seen.seenAt)}`}</span>
                <span className={`recent-payments__status tone--${view.tone}`}>{outcome}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="button button--ghost"
        onClick={() => {
          forgetPayments();
          setCleared(true);
        }}
      >
        {t('recent.clear')}
      </button>
    </section>
  );
}
