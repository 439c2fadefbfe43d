import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { langParam, useLanguage } from '@/lib/language';
import { Loader } from '@/ui/loader';
import { lazyMap, MapBoundary } from '@/ui/map/map-boundary';
import { searchedPlace, searchedText } from '@/domain/maps/map-api';
import { MapSearchBox, type LocationChange } from '@/domain/maps/map-search-box';
import { useSearchInAddress } from '@/domain/maps/search-in-address';
import { withCatalogue, type PageShell } from '@/ui/catalogue-page';
import { WithoutScript } from '@/ui/without-script';
import { cachedSites, coverageNearQueryOptions, useCoverageSites } from '../api/get-sites';
import {
  availableTechnologies,
  defaultTechnology,
  sitesFor,
  TECHNOLOGIES,
  type Technology,
} from '../utils/sites';
import { CoverageNear } from './coverage-near';
import './coverage.css';

const CoverageMap = lazyMap(() => import('./coverage-map'));

export const CATALOGUE = 'network-translation';

const SHELL: PageShell = { catalogue: CATALOGUE, className: 'coverage', labelKey: 'coverage.loading' };

/**
 * Network coverage map (spec §2): a place search ('Enter a Location'), one radio button per technology
 * present in the data ('N G coverage') and the sites of the chosen technology on the map. A searched place
 * also gets its coverage in words (the nearest site of each technology): without JavaScript the search is a
 * plain form answered on the server (`?q=`), and that is all the page can show (no map, no technology to choose,
 * and no introduction that asks for one).
 */
export const CoveragePage = withCatalogue(Coverage, SHELL);

/**
 * The place the map shows: the one the page opened with (`?q=`, answered by the route's data), then each one
 * searched, which the address keeps as the plain form's would. `search` is the search box's part.
 */
function useSearchedPlace(lang: string) {
  const [params] = useSearchParams();
  // The opening search only: a later one that finds nothing says so in the box's own status.
  const [searched] = useState(() => searchedText(params));
  const queryClient = useQueryClient();
  const [place, setPlace] = useState<LocationChange | undefined>(() =>
    searched === undefined ? undefined : searchedPlace(queryClient, searched, lang),
  );
  const searchInAddress = useSearchInAddress();
  const search = {
    initialText: searched,
    onLocationChange: (event: LocationChange) => {
      setPlace(event);
      searchInAddress(event.address);
    },
    onNotFound: searchInAddress,
    onClear: () => searchInAddress(undefined),
  };
  return { place, unknownPlace: searched !== undefined && place === undefined, search };
}

function Coverage() {
  const { t } = useTranslation();
  const lang = langParam(useLanguage());
  const sites = useCoverageSites(lang);
  const all = useMemo(() => sites.data ?? [], [sites.data]);
  const available = useMemo(() => availableTechnologies(all), [all]);
  const [chosen, setChosen] = useState<Technology | undefined>();
  const technology = chosen && available.includes(chosen) ? chosen : defaultTechnology(available);
  const shown = useMemo(() => (technology ? sitesFor(all, technology) : []), [all, technology]);
  const { place, unknownPlace, search } = useSearchedPlace(lang);
  const queryClient = useQueryClient();
  const near = useQuery(coverageNearQueryOptions(place, lang, cachedSites(queryClient, lang)));

  return (
    <section className="page container coverage" aria-labelledby="coverage-title">
      <h1 id="coverage-title" className="page__title">
        {t('coverage.title')}
      </h1>
      {/* It asks to choose a technology: the map's, which a page without JavaScript does not have (it answers a
          plain search with the coverage in words, and says so below). */}
      <p className="page__lead js-only">{t('coverage.intro')}</p>
      <div className="coverage__layout">
        <div className="coverage__panel card">
          <MapSearchBox
            label={t('coverage.search')}
            placeholder={t('coverage.enterLocation')}
            noMatchText={t('coverage.noMatchingResult')}
            searchingText={t('coverage.searching')}
            suggestionsLabel={t('coverage.suggestions')}
            lang={lang}
            submitLabel={t('coverage.search')}
            {...search}
          />
          <CoverageNear address={place?.address} nearest={near.data} unknownPlace={unknownPlace} />
          {/* Room for the choice of technologies, kept while the sites load: nothing below moves. */}
          <div className="coverage__choice">
            {sites.isPending ? (
              <>
                <div className="js-only">
                  <Loader label={t('coverage.loading')} />
                </div>
                {place ? null : (
                  <WithoutScript>
                    <p className="coverage__plain">{t('coverage.searchWithoutScript')}</p>
                  </WithoutScript>
                )}
              </>
            ) : available.length === 0 ? (
              <p className="coverage__empty" role="status">
                {t('coverage.noSites')}
              </p>
            ) : (
              <fieldset className="coverage__technologies">
                <legend className="field__label">{t('coverage.technology')}</legend>
                {TECHNOLOGIES.filter((entry) => available.includes(entry.id)).map((entry) => (
                  <label key={entry.id} className="coverage__radio">
                    <input
                      type="radio"
                      name="technology"
                      value={entry.id}
                      checked={technology === entry.id}
                      onChange={() => setChosen(entry.id)}
                    />
                    <span
                      className={`coverage__swatch coverage__swatch--${entry.id.toLowerCase()}`}
                      aria-hidden="true"
                    />
                    <span className="coverage__radio-label">{t(entry.labelKey)}</span>
                    <span className="coverage__count">
                      {t('coverage.siteCount', { count: sitesFor(all, entry.id).length })}
                    </span>
                  </label>
                ))}
              </fieldset>
            )}
          </div>
          <ul className="coverage__legend">
            <li>
              <svg viewBox="0 0 20 18" width="16" height="14" aria-hidden="true">
                <path d="M10 1 19 17H1z" fill="#1d4ed8" />
              </svg>
              {t('coverage.legendSite')}
            </li>
            <li>
              <svg viewBox="0 0 28 28" width="20" height="20" aria-hidden="true">
                <circle cx="14" cy="14" r="12.5" fill="#7c3aed" />
                <text x="14" y="18.3" textAnchor="middle" fill="#fff" fontSize="10" fontWeight="700">
                  5G
                </text>
              </svg>
              {t('coverage.legend5g')}
            </li>
          </ul>
          <p className="coverage__note">{t('coverage.note')}</p>
        </div>
        <MapBoundary
          className="coverage__map"
          errorText={t('coverage.mapError')}
          retryText={t('coverage.retry')}
        >
          <CoverageMap sites={shown} technology={technology} place={place} label={t('coverage.mapLabel')} />
        </MapBoundary>
      </div>
    </section>
  );
}
