import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isTransient } from './api';
import { contentQueryOptions, TRANSLATION_CACHE_SECONDS } from './content';

/**
 * i18next without bundled texts: each language's catalogue is the content page `translation` (a flat JSON
 * object of key -> text), fetched when the language is first needed and cached in sessionStorage for an
 * hour. Keys are flat ("recharge.buyAirtime"), so key and namespace separators are off.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: {},
  initAsync: false,
  keySeparator: false,
  nsSeparator: false,
  returnNull: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false, bindI18n: 'languageChanged', bindI18nStore: 'added' },
});

export type Catalogue = Record<string, string>;

export const TRANSLATION_PAGE = 'translation';

/**
 * Without its catalogue a page shows keys: a busy or lost answer (429, 5xx, a dropped mobile connection)
 * is asked again, 1 + 2 + 4 s apart, before the page gives up.
 */
export const CATALOGUE_RETRY = {
  retry: (failures: number, error: unknown) => failures < 3 && isTransient(error),
  retryDelay: (attempt: number) => Math.min(1000 * 2 ** attempt, 8000),
};

export function addCatalogue(lang: string, catalogue: Catalogue): void {
  i18n.addResourceBundle(lang, 'translation', catalogue, true, true);
}

/**
 * Loads the catalogue of `lang` and switches i18next to it once loaded. Returns `ready` (some catalogue is
 * in place, so the page can render) and `switching` (the requested language is still loading).
 */
export function useTranslations(lang: string): { ready: boolean; switching: boolean; failed: boolean } {
  const query = useQuery({
    ...contentQueryOptions<Catalogue>(TRANSLATION_PAGE, lang, {
      sessionCacheSeconds: TRANSLATION_CACHE_SECONDS,
    }),
    staleTime: Infinity,
    ...CATALOGUE_RETRY,
  });
  const [active, setActive] = useState<string | undefined>(() =>
    i18n.hasResourceBundle(lang, 'translation') ? lang : undefined,
  );

  useEffect(() => {
    if (query.data) {
      addCatalogue(lang, query.data);
      void i18n.changeLanguage(lang).then(() => setActive(lang));
    } else if (query.isError) {
      // The texts could not be loaded: keep showing the page (keys or the previous language) rather than a
      // loader forever. Spec §7: client errors are only logged.
      console.warn('[i18n] translation catalogue failed to load', lang, query.error);
      void i18n.changeLanguage(lang).then(() => setActive(lang));
    }
  }, [lang, query.data, query.isError, query.error]);

  useEffect(() => {
    if (active) document.documentElement.lang = active;
  }, [active]);

  return { ready: active !== undefined, switching: active !== lang, failed: query.isError };
}
