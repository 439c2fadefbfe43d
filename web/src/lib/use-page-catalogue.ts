import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasCatalogue, loadCatalogues } from './i18n';
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
  return usePageCatalogues([page]);
}

/** usePageCatalogue for several pages, loaded side by side: true once every one is in place (or failed). */
export function usePageCatalogues(pages: readonly string[]): boolean {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const lang = langParam(useLanguage());
  const present = pages.every((page) => hasCatalogue(i18n, lang, page));
  // The effect follows the pages' names, not the array: a caller's fresh array of the same pages is no change.
  const names = pages.join(',');
  const wanted = `${lang}:${names}`;
  const [loaded, setLoaded] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (present) return;
    // loadCatalogues logs and skips a page that fails; offline it rejects instead (a route then shows the
    // offline page), but a component already on screen shows what it has rather than a loader forever.
    const settled = () => setLoaded(`${lang}:${names}`);
    void loadCatalogues(queryClient, i18n, lang, names.split(',')).then(settled, settled);
  }, [present, names, lang, i18n, queryClient]);

  return present || loaded === wanted;
}
