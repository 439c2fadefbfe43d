import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/lib/online';
import { useSearchParams } from 'react-router';
import { OPERATOR_TITLE } from '@portal/contract/operator';
import { langParam, useLanguage } from '@/lib/language';
import { lazyMap, MapBoundary } from '@/ui/map/map-boundary';
import { searchedText } from '@/domain/maps/map-api';
import { withCatalogue, type PageShell } from '@/ui/catalogue-page';
import { useShops, type ShopType } from '../api/get-shops';
import { listShops } from '../utils/shops';
import { StoreLocatorResults } from './store-locator-results';
import { StoreSearchCard } from './store-search-card';
import { useShopSearch } from './use-shop-search';
import './store-locator.css';

const ShopMap = lazyMap(() => import('./shop-map'));

export const CATALOGUE = 'store-locator-translation';

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
  const search = useShopSearch(searched, lang);
  const { phase, origin, activeId } = search;
  const shops = useShops(origin, type, lang);
  const online = useOnline();

  const listed = useMemo(
    () => (origin && shops.data ? listShops(shops.data, origin) : []),
    [origin, shops.data],
  );

  const loading = phase.kind === 'locating' || (origin !== undefined && shops.isPending);
  const notFound =
    !loading && (phase.kind === 'failed' || shops.isError || (shops.isSuccess && listed.length === 0));
  const dealer = type === 'dealer';

  return (
    <section className="page container store-locator" aria-labelledby="store-locator-title">
      <h1 id="store-locator-title" className="page__title">
        {dealer ? t('storeLocator.findDealerIn') : t(`storeLocator.find${OPERATOR_TITLE}In`)}
      </h1>
      <p className="page__lead">{dealer ? t('storeLocator.dealerIntro') : t('storeLocator.intro')}</p>

      <StoreSearchCard
        lang={lang}
        searched={searched}
        onLocationChange={search.onLocationChange}
        onNotFound={search.onNotFound}
        onClear={search.onClear}
        onLocateMe={search.locateMe}
      />

      <div className="store-locator__layout">
        <StoreLocatorResults
          phase={phase}
          origin={origin}
          listed={listed}
          loading={loading}
          notFound={notFound}
          shopsFailed={shops.isError}
          online={online}
          dealer={dealer}
          activeId={activeId}
          onActivate={search.setActiveId}
        />
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
