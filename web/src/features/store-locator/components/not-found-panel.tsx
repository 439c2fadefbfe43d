import { useTranslation } from 'react-i18next';

/**
 * Spec §2/§8: no results or denied location access. 'No data found' with the try-again text; the denied
 * case adds the geolocation message; small screens get the short text.
 */
/** Offline, no shop can be found: it says so, not that none is near or that the location was refused. */
export function NotFoundPanel({ denied, offline = false }: { denied: boolean; offline?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="store-locator__not-found card" role="status">
      <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
        <path
          d="M24 4C16 4 10 10 10 18c0 11 14 26 14 26s14-15 14-26C38 10 32 4 24 4z"
          fill="var(--brand-soft)"
          stroke="var(--brand)"
          strokeWidth="2"
        />
        <path d="M19 13l10 10M29 13 19 23" stroke="var(--brand)" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      {offline ? (
        <>
          <h2 className="store-locator__not-found-title">{t('offline.title')}</h2>
          <p>{t('offline.lead')}</p>
        </>
      ) : (
        <>
          <h2 className="store-locator__not-found-title">{t('storeLocator.noResults')}</h2>
          {denied ? <p className="store-locator__denied">{t('storeLocator.locationDenied')}</p> : null}
          <p className="store-locator__try-again store-locator__try-again--wide">
            {t('storeLocator.tryAgain')}
          </p>
          <p className="store-locator__try-again store-locator__try-again--narrow">
            {t('storeLocator.noResultMobile')}
          </p>
        </>
      )}
    </div>
  );
}
