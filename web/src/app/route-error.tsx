import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

export const UNEXPECTED_ERROR_TEXT = 'Unexpected Application Error!';

/** The router's error page (spec §8): 'Unexpected Application Error!'. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    console.warn('[router] route error', error);
  }, [error]);
  return (
    <section className="page container error-page" aria-labelledby="route-error-title">
      <div className="card">
        <h1 id="route-error-title" className="page__title">
          {t('common.unexpectedError', { defaultValue: UNEXPECTED_ERROR_TEXT })}
        </h1>
        <p className="page__lead">
          {t('common.tryAgainLater', { defaultValue: 'Please try again in a moment.' })}
        </p>
        <Link className="button" to="/" reloadDocument>
          {t('common.goHome', { defaultValue: 'Go to home' })}
        </Link>
      </div>
    </section>
  );
}
