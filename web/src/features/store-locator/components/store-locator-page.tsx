import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/lib/online';
import { useSearchParams } from 'react-router';
import { OPERATOR_TITLE } from '@portal/contract/operator';
import { langParam, useLanguage } from '@/lib/language';
import { Loader } from '@/ui/loader';
import { lazyMap, MapBoundary } from '@/ui/map/map-boundary';
import { reversePlace, searchedPlace, searchedText } from '@/domain/maps/map-api';
import { MapSearchBox, type LocationChange } from '@/domain/maps/map-search-box';
import { useSearchInAddress } from '@/domain/maps/search-in-address';
import { withCatalogue, type PageShell } from '@/ui/catalogue-page';
import { WithoutScript } from '@/ui/without-script';
import { useShops, type ShopType } from '../api/get-shops';
import { locate, type GeoFailure } from '../utils/geolocation';
import { listShops, type Origin } from '../utils/shops';
import { NotFoundPanel, type NotFoundCause } from './not-found-panel';
import { ShopList } from './shop-list';
import './store-locator.css';

const ShopMap = lazyMap(() => import('./shop-map'));

export const CATALOGUE = 'store-locator-translation';

type Phase =
  | { kind: 'locating' }
  | { kind: 'located' }
  | { kind: 'failed'; reason: GeoFailure }
  /** `query`: the text searched for, which the not-found panel names. */
  | { kind: 'failed'; reason: 'unknown-place'; query: string };

/**
 * Where the page starts. A plain form's `?q=` (a browser without JavaScript) was answered by the route's data
 * on the server: the place and its shops are in the query cache, and the server's HTML lists them. Else the
 * page starts by locating the phone.
 */
function startOf(queryClient: QueryClient, searched: string | undefined, lang: string) {
  if (searched === undefined) return { phase: { kind: 'locating' } as Phase, origin: undefined };
  const place = searchedPlace(queryClient, searched, lang);
  if (!place) {
    return {
      phase: { kind: 'failed', reason: 'unknown-place', query: searched } as Phase,
      origin: undefined,
    };
  }
  const origin: Origin = { lat: place.lat, lng: place.lng, label: place.address, via: 'search' };
  return { phase: { kind: 'located' } as Phase, origin };
}

/** Why nothing is listed, which the not-found panel says in its own words (not '100 Km' for a refused position). */
function causeOf(phase: Phase, shopsFailed: boolean): NotFoundCause {
  if (phase.kind === 'failed') return phase.reason === 'unknown-place' ? 'unknown-place' : 'location';
  return shopsFailed ? 'failed' : 'no-shops';
}

const SHELL: PageShell = {
  catalogue: CATALOGUE,
  className: 'store-locator',
  labelKey: 'storeLocator.loading',
};

/**
 * Store locator (spec §2, §4): loading until the first result; the user's position (browser geolocation)
 * or a searched city or pincode gives the shops within 100 km, numbered nearest first, beside a map with
 * numbered pins. Denied location, an unknown place or no shops show the not-found panel. Without JavaScript
 * the search is a plain form, answered on the server (`?q=`); there is no locating and no map.
 */
export const StoreLocatorPage = withCatalogue(StoreLocator, SHELL);

function StoreLocator({ type = 'shop' }: { type?: ShopType }) {
  const { t } = useTranslation();
  const lang = langParam(useLanguage());
  const searched = searchedText(useSearchParams()[0]);
  const queryClient = useQueryClient();
  const [start] = useState(() => startOf(queryClient, searched, lang));
  const [phase, setPhase] = useState<Phase>(start.phase);
  const [origin, setOrigin] = useState<Origin | undefined>(start.origin);
  const [activeId, setActiveId] = useState<string | undefined>();
  const attempt = useRef(0);
  const shops = useShops(origin, type, lang);
  const online = useOnline();
  const searchInAddress = useSearchInAddress();

  const findMe = useCallback(async () => {
    const mine = ++attempt.current;
    setPhase({ kind: 'locating' });
    const result = await locate();
    if (mine !== attempt.current) return;
    if (!result.ok) {
      setOrigin(undefined);
      setPhase({ kind: 'failed', reason: result.reason });
      return;
    }
    setPhase({ kind: 'located' });
    setOrigin({ lat: result.lat, lng: result.lng, label: '', via: 'geolocation' });
    // Name the place for the heading; the list does not wait for it.
    reversePlace(result.lat, result.lng, lang)
      .then((place) => {
        if (place && mine === attempt.current)
          setOrigin((o) => (o?.via === 'geolocation' ? { ...o, label: place.address } : o));
      })
      .catch((error: unknown) => console.warn('[store-locator] reverse geocoding failed', error));
  }, [lang]);

  // On arrival, unless the page came with a searched place; later the search box and the button decide.
  const arrivedLocating = start.phase.kind === 'locating';
  useEffect(() => {
    if (arrivedLocating) void findMe();
  }, [arrivedLocating, findMe]);

  const onLocationChange = (event: LocationChange) => {
    attempt.current++;
    setActiveId(undefined);
    setPhase({ kind: 'located' });
    setOrigin({ lat: event.lat, lng: event.lng, label: event.address, via: 'search' });
    searchInAddress(event.address);
  };

  // The address keeps the unknown text too: opened again, it shows the same not-found panel.
  const onNotFound = (query: string) => {
    attempt.current++;
    setOrigin(undefined);
    setPhase({ kind: 'failed', reason: 'unknown-place', query });
    searchInAddress(query);
  };

  // The page now shows the phone's position, which is what it opens with when the address has no search.
  const locateMe = () => {
    searchInAddress(undefined);
    void findMe();
  };

  const listed = useMemo(
    () => (origin && shops.data ? listShops(shops.data, origin) : []),
    [origin, shops.data],
  );

  const loading = phase.kind === 'locating' || (origin !== undefined && shops.isPending);
  const notFound =
    !loading && (phase.kind === 'failed' || shops.isError || (shops.isSuccess && listed.length === 0));
  const place = origin?.label || t('storeLocator.yourLocation');
  const dealer = type === 'dealer';

  return (
    <section className="page container store-locator" aria-labelledby="store-locator-title">
      <h1 id="store-locator-title" className="page__title">
        {dealer ? t('storeLocator.findDealerIn') : t(`storeLocator.find${OPERATOR_TITLE}In`)}
      </h1>
      <p className="page__lead">{dealer ? t('storeLocator.dealerIntro') : t('storeLocator.intro')}</p>

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
          onClear={() => searchInAddress(undefined)}
        />
        <div className="store-locator__mine js-only">
          <span className="store-locator__or">{t('storeLocator.or')}</span>
          <button type="button" className="button button--ghost store-locator__locate" onClick={locateMe}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <circle cx="12" cy="12" r="4" fill="currentColor" />
              <path d="M12 2v3M12 19v3M2 12h3M19 12h3" stroke="currentColor" strokeWidth="2" />
              <circle cx="12" cy="12" r="7.5" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
            {t('storeLocator.useCurrentLocation')}
          </button>
        </div>
      </div>

      <div className="store-locator__layout">
        <div className="store-locator__results" aria-live="polite" aria-busy={loading}>
          {loading ? (
            <>
              <div className="store-locator__loading card js-only">
                <Loader label={t('storeLocator.loading')} />
                <p>{t('storeLocator.loading')}</p>
              </div>
              <WithoutScript className="store-locator__plain card">
                <p>{t('storeLocator.searchWithoutScript')}</p>
              </WithoutScript>
            </>
          ) : notFound ? (
            <NotFoundPanel
              cause={causeOf(phase, shops.isError)}
              place={phase.kind === 'failed' && phase.reason === 'unknown-place' ? phase.query : undefined}
              offline={!online}
            />
          ) : (
            <>
              <h2 className="store-locator__heading">
                {dealer ? t('storeLocator.dealerResults', { place }) : t('storeLocator.results', { place })}
              </h2>
              <p className="store-locator__count">{t('storeLocator.count', { count: listed.length })}</p>
              <ShopList shops={listed} activeId={activeId} onActivate={setActiveId} />
            </>
          )}
        </div>
        <MapBoundary
          className="store-locator__map"
          errorText={t('storeLocator.mapError')}
          retryText={t('storeLocator.retry')}
        >
          <ShopMap
            shops={notFound ? [] : listed}
            origin={origin}
            activeId={activeId}
            label={t('storeLocator.mapLabel')}
          />
        </MapBoundary>
      </div>
    </section>
  );
}
