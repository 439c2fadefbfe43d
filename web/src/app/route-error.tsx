import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CardPage } from '@/ui/card-page';

export const UNEXPECTED_ERROR_TEXT = 'Unexpected Application Error!';

/** The router's error page (spec §8): 'Unexpected Application Error!'. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    console.warn('[router] route error', error);
  }, [error]);
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
