import { useTranslation } from 'react-i18next';

/**
 * Why the page has no shop to list, each said in its own words (spec §2, §8):
 * - `location`: the phone's position was refused (or could not be had): the geolocation message alone;
 * - `unknown-place`: the searched place was not found: that it was not, and to try another;
 * - `no-shops`: a place (or the position) was found but no shop is within 100 Km: the try-again text, the
 *   short '100 Km' text on small screens;
 * - `failed`: the shops could not be read: the try-again text.
 */
export type NotFoundCause = 'location' | 'unknown-place' | 'no-shops' | 'failed';

/** Offline, no shop can be found: it says so, not that none is near or that the location was refused. */
export function NotFoundPanel({
  cause,
  place,
  offline = false,
}: {
  cause: NotFoundCause;
  /** The searched text of an unknown place. */
  place?: string | undefined;
  offline?: boolean;
}) {
  const { t } = useTranslation();
  const tryAgain = (className = '') => (
    <p className={['store-locator__try-again', className].filter(Boolean).join(' ')}>
      {t('storeLocator.tryAgain')}
    </p>
  );
  let message;
  if (cause === 'location') {
    message = <p className="store-locator__denied">{t('storeLocator.locationDenied')}</p>;
  } else if (cause === 'unknown-place') {
    message = (
      <>
        <p className="store-locator__cause">
          {place ? t('storeLocator.placeNotFound', { place }) : t('storeLocator.noMatchingResult')}
        </p>
        {tryAgain()}
      </>
    );
  } else if (cause === 'no-shops') {
    message = (
      <>
        {tryAgain('store-locator__try-again--wide')}
        <p className="store-locator__try-again store-locator__try-again--narrow">
          {t('storeLocator.noResultMobile')}
        </p>
      </>
    );
  } else {
    message = tryAgain();
  }
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
          {message}
        </>
      )}
    </div>
  );
}
