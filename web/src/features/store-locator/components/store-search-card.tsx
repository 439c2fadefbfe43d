import { useTranslation } from 'react-i18next';
import { MapSearchBox, type LocationChange } from '@/domain/maps/map-search-box';

type StoreSearchCardProps = {
  lang: string;
  /** The place a plain form asked for (`?q=`), which the box shows. */
  searched: string | undefined;
  onLocationChange: (event: LocationChange) => void;
  onNotFound: (query: string) => void;
  onClear: () => void;
  onLocateMe: () => void;
};

/** The store locator's search: a city or pincode, or (with JavaScript) the phone's own position. */
export function StoreSearchCard({
  lang,
  searched,
  onLocationChange,
  onNotFound,
  onClear,
  onLocateMe,
}: StoreSearchCardProps) {
  const { t } = useTranslation();
  return (
    <div className="store-locator__search card">
      <MapSearchBox
        className="store-locator__box"
        label={t('storeLocator.search')}
        placeholder={t('storeLocator.cityPincode')}
        submitLabel={t('storeLocator.searchButton')}
        noMatchText={t('storeLocator.noMatchingResult')}
        searchingText={t('storeLocator.searching')}
        suggestionsLabel={t('storeLocator.suggestions')}
        lang={lang}
        initialText={searched}
        onLocationChange={onLocationChange}
        onNotFound={onNotFound}
        onClear={onClear}
      />
      <div className="store-locator__mine js-only">
        <span className="store-locator__or">{t('storeLocator.or')}</span>
        <button type="button" className="button button--ghost store-locator__locate" onClick={onLocateMe}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <circle cx="12" cy="12" r="4" fill="currentColor" />
            <path d="M12 2v3M12 19v3M2 12h3M19 12h3" stroke="currentColor" strokeWidth="2" />
            <circle cx="12" cy="12" r="7.5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          {t('storeLocator.useCurrentLocation')}
        </button>
      </div>
    </div>
  );
}
