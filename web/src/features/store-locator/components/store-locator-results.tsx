import { useTranslation } from 'react-i18next';
import { Loader } from '@/ui/loader';
import { WithoutScript } from '@/ui/without-script';
import type { ListedShop, Origin } from '../utils/shops';
import { NotFoundPanel, type NotFoundCause } from './not-found-panel';
import { ShopList } from './shop-list';
import type { Phase } from './use-shop-search';

/** Why nothing is listed, which the not-found panel says in its own words (not '100 Km' for a refused position). */
function causeOf(phase: Phase, shopsFailed: boolean): NotFoundCause {
  if (phase.kind === 'failed') return phase.reason === 'unknown-place' ? 'unknown-place' : 'location';
  return shopsFailed ? 'failed' : 'no-shops';
}

type StoreLocatorResultsProps = {
  phase: Phase;
  origin: Origin | undefined;
  listed: readonly ListedShop[];
  loading: boolean;
  notFound: boolean;
  shopsFailed: boolean;
  online: boolean;
  dealer: boolean;
  activeId: string | undefined;
  onActivate: (id: string | undefined) => void;
};

/** The list beside the map: a loader, the not-found panel, or the shops found near the place. */
export function StoreLocatorResults(props: StoreLocatorResultsProps) {
  const { phase, origin, listed, loading, notFound, shopsFailed, online, dealer, activeId, onActivate } =
    props;
  const { t } = useTranslation();
  const place = origin?.label || t('storeLocator.yourLocation');
  return (
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
          cause={causeOf(phase, shopsFailed)}
          place={phase.kind === 'failed' && phase.reason === 'unknown-place' ? phase.query : undefined}
          offline={!online}
        />
      ) : (
        <>
          <h2 className="store-locator__heading">
            {dealer ? t('storeLocator.dealerResults', { place }) : t('storeLocator.results', { place })}
          </h2>
          <p className="store-locator__count">{t('storeLocator.count', { count: listed.length })}</p>
          <ShopList shops={listed} activeId={activeId} onActivate={onActivate} />
        </>
      )}
    </div>
  );
}
