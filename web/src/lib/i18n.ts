import i18next, { type i18n as I18n } from 'i18next';
import type { QueryClient } from '@tanstack/react-query';
import { initReactI18next } from 'react-i18next';
import { isOffline, isTransient } from './api';
import { contentQueryOptions, TRANSLATION_CACHE_SECONDS } from './content';

export type { I18n };

/**
 * i18next without bundled texts: each language's texts are content pages (the main `translation` page and a
 * page per journey: flat JSON objects of key -> text). A route declares the pages it needs; its loader puts
 * them in place before the page renders, on the server and in the browser alike (docs/decisions/0050).
 * Keys are flat ("recharge.buyAirtime"), so key and namespace separators are off.
 */
const OPTIONS = {
  fallbackLng: 'en',
  initAsync: false,
  keySeparator: false as const,
  nsSeparator: false as const,
  returnNull: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false, bindI18n: 'languageChanged', bindI18nStore: 'added' },
};

/** A new, empty instance: the browser keeps one for the visit, the server makes one per request. */
export function createI18n(lng = 'en'): I18n {
  const instance = i18next.createInstance();
  // Texts of its own: i18next keeps the `resources` object it is given as its store.
  void instance.init({ ...OPTIONS, resources: {}, lng });
  return instance;
}

/** The browser's instance (also react-i18next's default, for components rendered outside the provider). */
export const i18n = i18next.createInstance().use(initReactI18next);
void i18n.init({ ...OPTIONS, resources: {}, lng: 'en' });

export type Catalogue = Record<string, string>;

export const TRANSLATION_PAGE = 'translation';

/** Which catalogue pages a resource store holds already (clones of one instance share the store). */
const loadedPages = new WeakMap<object, Set<string>>();

function pagesOf(instance: I18n): Set<string> {
  let pages = loadedPages.get(instance.store);
  if (!pages) loadedPages.set(instance.store, (pages = new Set()));
  return pages;
}

export function hasCatalogue(instance: I18n, lang: string, page: string): boolean {
  return pagesOf(instance).has(`${page}:${lang}`);
}

/** Merges a catalogue page into `lang` (once per page: a page's keys never change during a visit). */
export function addCatalogue(lang: string, catalogue: Catalogue, instance: I18n = i18n, page?: string): void {
  if (page) {
    if (hasCatalogue(instance, lang, page)) return;
    pagesOf(instance).add(`${page}:${lang}`);
  }
  instance.addResourceBundle(lang, 'translation', catalogue, true, true);
}

/**
 * Without its catalogue a page shows keys: a busy or lost answer (429, 5xx, a dropped mobile connection)
 * is asked again, 1 + 2 + 4 s apart, before the page gives up; at once when the phone knows it is offline.
 */
export const CATALOGUE_RETRY = {
  retry: (failures: number, error: unknown) => failures < 3 && isTransient(error) && !isOffline(),
  retryDelay: (attempt: number) => Math.min(1000 * 2 ** attempt, 8000),
};

/** A catalogue page as a query: kept for the visit (and an hour in sessionStorage, spec §7, §9). */
export function catalogueQueryOptions(page: string, lang: string) {
  const base = contentQueryOptions<Catalogue>(page, lang, { sessionCacheSeconds: TRANSLATION_CACHE_SECONDS });
  return {
    ...base,
    queryKey: ['catalogue', page, lang] as const,
    staleTime: Infinity,
    ...CATALOGUE_RETRY,
  };
}

/**
 * Puts the catalogue pages of `lang` in place. A page that cannot be loaded is logged and skipped: the page
 * then shows what it has (spec §7: client errors are only logged) rather than failing. Offline it fails
 * instead: a page never opened on this phone would show its keys (`recharge.title`), and the route's error
 * boundary shows the offline page in its place.
 */
export async function loadCatalogues(
  queryClient: QueryClient,
  instance: I18n,
  lang: string,
  pages: readonly string[],
): Promise<void> {
  await Promise.all(
    pages.map(async (page) => {
      if (hasCatalogue(instance, lang, page)) return;
      try {
        const catalogue = await queryClient.ensureQueryData(catalogueQueryOptions(page, lang));
        addCatalogue(lang, catalogue, instance, page);
      } catch (error) {
        if (isOffline()) throw error;
        console.warn('[i18n] catalogue failed to load', page, lang, error);
      }
    }),
  );
}

/** Adds every catalogue a hydrated query cache holds (the server inlined them into the page). */
export function addCataloguesFromCache(queryClient: QueryClient, instance: I18n): void {
  for (const query of queryClient.getQueryCache().getAll()) {
    const [kind, page, lang] = query.queryKey;
    if (kind !== 'catalogue' || typeof page !== 'string' || typeof lang !== 'string') continue;
    const data = query.state.data as Catalogue | undefined;
    if (data) addCatalogue(lang, data, instance, page);
  }
}

/** One instance per language sharing `base`'s texts: the layout provides the one of the URL's language. */
const languageInstances = new WeakMap<I18n, Map<string, I18n>>();

export function instanceFor(base: I18n, lang: string): I18n {
  if (base.language === lang) return base;
  let byLang = languageInstances.get(base);
  if (!byLang) languageInstances.set(base, (byLang = new Map()));
  let instance = byLang.get(lang);
  if (!instance) {
    instance = base.cloneInstance({ lng: lang });
    byLang.set(lang, instance);
  }
  return instance;
}
