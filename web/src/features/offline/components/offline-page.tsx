import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfig } from '@/lib/config';
import { useHydrated } from '@/lib/hydration';
import { UssdCodes } from '@/ui/ussd-codes';
import { CardPage } from '@/ui/card-page';

/** Where the page the visitor asked for should take them once online again: one of ours, else home. */
function returnPath(from: string | null): string {
  return from && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}

/**
 * /offline: what the service worker shows for a page this phone has never opened, when there is no
 * connection. The same jobs by USSD, which needs no data, and the way back once online. A page the app
 * could not open offline (its code or texts never loaded here) shows it too, in place, with `retryPath` its
 * own address.
 */
export function OfflinePage({ retryPath }: { retryPath?: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const config = useConfig().data;
  const from = returnPath(retryPath ?? params.get('from'));
  // Offline, the service worker answers `/offline?from=…` with the copy it kept, rendered without `from`: the
  // link in that HTML points home, and hydration keeps an attribute that differs (Preact, decision 0050). Once
  // the page is live the link is made anew, pointing at the page asked for.
  const live = useHydrated();
  return (
    <CardPage titleId="offline-title" title={t('offline.title')} lead={t('offline.lead')}>
      <UssdCodes
        codes={config?.ussd}
        jobs={['rechargeVoucher', 'buyData', 'checkBalance']}
        careNumber={config?.customerCareNumber}
      />
      <p>
        <Link key={live ? 'live' : 'server'} className="button" to={from} reloadDocument>
          {t('common.tryAgain')}
        </Link>
      </p>
    </CardPage>
  );
}
