import { useQuery } from '@tanstack/react-query';
import { MARKET } from './market';
import { call } from './api';
import { langParam, useLanguage } from './language';
import { cachedOr } from './session-cache';

/**
 * Content backend pages (spec §7): `GET cms/webpage/activePackage?opco=NG&pageUrl=<page>&lang=<en|sw>`
 * returns the page as JSON text in `result.packageHtml`.
 */
export async function getContentPage<T>(pageUrl: string, lang: string, signal?: AbortSignal): Promise<T> {
  const result = await call('activePackage', { opco: MARKET, pageUrl, lang }, { signal, runMode: 'beta' });
  return JSON.parse(result.packageHtml) as T;
}

/** Translation pages are kept per language in sessionStorage for an hour (spec §7, §9). */
export const TRANSLATION_CACHE_SECONDS = 3600;

export type ContentOptions = { sessionCacheSeconds?: number };

export function contentQueryOptions<T>(pageUrl: string, lang: string, options: ContentOptions = {}) {
  const { sessionCacheSeconds } = options;
  return {
    queryKey: ['content', pageUrl, lang] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      sessionCacheSeconds
        ? cachedOr(`content:${pageUrl}:${lang}`, sessionCacheSeconds, () =>
            getContentPage<T>(pageUrl, lang, signal),
          )
        : getContentPage<T>(pageUrl, lang, signal),
    staleTime: 10 * 60 * 1000,
  };
}

/** A content page in the language of the current URL. */
export function useContentPage<T>(pageUrl: string, options: ContentOptions = {}) {
  const lang = langParam(useLanguage());
  return useQuery(contentQueryOptions<T>(pageUrl, lang, options));
}
