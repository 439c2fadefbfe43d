import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useHydrated } from '@/lib/hydration';

/**
 * 'Try again' after a read failed. The live page asks again in place; the server's HTML, which a browser without
 * JavaScript keeps, has a link to the same address instead, since a button there would do nothing: loading the
 * page again has the server ask again as it renders it.
 */
export function TryAgain({ onRetry }: { onRetry: () => unknown }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const label = t('common.tryAgain');
  if (!useHydrated()) {
    return (
      <a className="button button--ghost" href={`${pathname}${search}`}>
        {label}
      </a>
    );
  }
  return (
    <button type="button" className="button button--ghost" onClick={() => void onRetry()}>
      {label}
    </button>
  );
}
