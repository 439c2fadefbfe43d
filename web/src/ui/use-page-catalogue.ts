import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { contentQueryOptions, TRANSLATION_CACHE_SECONDS } from '@/lib/content';
import { addCatalogue, CATALOGUE_RETRY, type Catalogue } from '@/lib/i18n';
import { langParam, useLanguage } from '@/lib/language';

/**
 * The texts of the purchase journeys (postpaid, bundles, broadband, fixed internet) and of the shared
 * one-time-code and bundle-list components: the spec's per-language "recharge" translation page.
 */
export const JOURNEY_CATALOGUE = 'recharge-translation';

/**
 * Loads a content page of texts for the language of the URL and merges it into i18next (like the main
 * `translation` page, cached in sessionStorage for an hour). Answers true once the texts are in place, or
 * once loading failed (the page then shows what it has rather than a loader forever).
 */
export function usePageCatalogue(page: string = JOURNEY_CATALOGUE): boolean {
  const lang = langParam(useLanguage());
  const query = useQuery({
    ...contentQueryOptions<Catalogue>(page, lang, { sessionCacheSeconds: TRANSLATION_CACHE_SECONDS }),
    staleTime: Infinity,
    ...CATALOGUE_RETRY,
  });
  const [loaded, setLoaded] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (query.data) {
      addCatalogue(lang, query.data);
      setLoaded(`${page}:${lang}`);
    } else if (query.isError) {
      console.warn('[i18n] catalogue failed to load', page, lang, query.error);
      setLoaded(`${page}:${lang}`);
    }
  }, [page, lang, query.data, query.isError, query.error]);

  return loaded === `${page}:${lang}`;
}
