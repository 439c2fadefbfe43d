import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { addCatalogue, catalogueQueryOptions, hasCatalogue } from './i18n';
import { langParam, useLanguage } from './language';

/**
 * The texts of the purchase journeys (postpaid, bundles, broadband, fixed internet) and of the shared
 * one-time-code and bundle-list components: the spec's per-language "recharge" translation page.
 */
export const JOURNEY_CATALOGUE = 'recharge-translation';

/**
 * Answers true once the catalogue `page` of the URL's language is in place. Routes declare their catalogues
 * and load them before rendering (so this is true at once, on the server too); a component used where its
 * route did not declare them loads them here, and answers true once loaded or once loading failed (the page
 * then shows what it has rather than a loader forever).
 */
export function usePageCatalogue(page: string = JOURNEY_CATALOGUE): boolean {
  const { i18n } = useTranslation();
  const lang = langParam(useLanguage());
  const present = hasCatalogue(i18n, lang, page);
  const query = useQuery({ ...catalogueQueryOptions(page, lang), enabled: !present });
  const [loaded, setLoaded] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (present) return;
    if (query.data) {
      addCatalogue(lang, query.data, i18n, page);
      setLoaded(`${page}:${lang}`);
    } else if (query.isError) {
      console.warn('[i18n] catalogue failed to load', page, lang, query.error);
      setLoaded(`${page}:${lang}`);
    }
  }, [present, page, lang, i18n, query.data, query.isError, query.error]);

  return present || loaded === `${page}:${lang}`;
}
