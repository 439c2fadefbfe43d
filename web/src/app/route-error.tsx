import { useEffect } from 'react';
import { Link, useLocation, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OfflinePage } from '@/features/offline/components/offline-page';
import { useOnline } from '@/lib/online';
import { CardPage } from '@/ui/card-page';

export const UNEXPECTED_ERROR_TEXT = 'Unexpected Application Error!';

/**
 * The router's error page (spec §8): 'Unexpected Application Error!'. Offline, a route fails because its code
 * or its language's texts were never loaded on this phone: that is the offline page's case (the USSD codes,
 * 'Try again' for the page asked for), not an application error. The service worker keeps this module on the
 * first visit (app/service-worker.ts), so it is at hand offline.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const online = useOnline();
  const location = useLocation();
  useEffect(() => {
    console.warn('[router] route error', error);
  }, [error]);
  if (!online) return <OfflinePage retryPath={location.pathname + location.search} />;
  return (
    <CardPage
      titleId="route-error-title"
      title={t('common.unexpectedError', { defaultValue: UNEXPECTED_ERROR_TEXT })}
      lead={t('common.tryAgainLater', { defaultValue: 'Please try again in a moment.' })}
      className="error-page"
    >
      <Link className="button" to="/" reloadDocument>
        {t('common.goHome', { defaultValue: 'Go to home' })}
      </Link>
    </CardPage>
  );
}
