import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfig } from '@/lib/config';
import { useOnline } from '@/lib/online';
import { UssdCodes, type UssdJob } from '@/ui/ussd-codes';

/** The USSD codes that do a page's job without data; every page also offers the balance check. */
const JOBS_BY_ROUTE: Record<string, readonly UssdJob[]> = {
  'prepaid-recharge': ['rechargeVoucher', 'checkBalance'],
  'data-bundle': ['buyData', 'checkBalance'],
  'broadband-recharge': ['buyData', 'checkBalance'],
  home: ['rechargeVoucher', 'buyData', 'checkBalance'],
};
const DEFAULT_JOBS: readonly UssdJob[] = ['checkBalance'];

/**
 * Says so when the phone goes offline (a page opened from the service worker's cache, or the connection
 * dropped), with the USSD way to do the same thing. It lies over the bottom of the page instead of pushing
 * it, so nothing on screen moves.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnline();
  const config = useConfig().data;
  const routeId = useMatches().at(-1)?.id ?? '';
  // The offline page says it all itself.
  if (online || routeId === 'offline') return null;
  return (
    <aside className="offline-notice" role="status" aria-labelledby="offline-notice-title">
      <div className="container">
        <p id="offline-notice-title" className="offline-notice__title">
          {t('offline.notice')}
        </p>
        <UssdCodes
          codes={config?.ussd}
          jobs={JOBS_BY_ROUTE[routeId] ?? DEFAULT_JOBS}
          careNumber={config?.customerCareNumber}
          headingLevel={3}
        />
      </div>
    </aside>
  );
}
