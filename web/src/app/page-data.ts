import type { ComponentType } from 'react';
import type { RenderCapabilities } from '@portal/contract/render';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, Params } from 'react-router';
import { configQueryOptions } from '@/lib/config';
import { contentQueryOptions, TRANSLATION_CACHE_SECONDS } from '@/lib/content';
import { loadCatalogues, TRANSLATION_PAGE, type I18n } from '@/lib/i18n';
import { DEFAULT_LANGUAGES, langParam, splitLanguagePath, type Language } from '@/lib/language';
import { META_PAGE } from '@/lib/page-meta';

/**
 * What the app needs from whoever renders it: the query cache and the texts. The browser keeps one of each
 * for the visit; the server makes both per request (docs/decisions/0050).
 */
export type AppDeps = {
  queryClient: QueryClient;
  i18n: I18n;
  /** What only the server can do (open a sealed purchase); absent in the browser. */
  server?: RenderCapabilities;
};

export type PageDataContext = {
  queryClient: QueryClient;
  lang: string;
  url: URL;
  params: Params;
  server?: RenderCapabilities | undefined;
};

/** What a page needs before its first render, so that the server's HTML already holds it. */
export type PageData = {
  /** Catalogue pages of texts the page and its components show (besides the main `translation`). */
  catalogues?: readonly string[];
  /** Queries the first render shows; they are inlined in the HTML, so the browser does not ask again. */
  prefetch?: (context: PageDataContext) => Promise<unknown>;
  /**
   * Seconds after which the server's HTML reloads itself in a browser without JavaScript (a payment status
   * still pending), or undefined. Scripted pages never reload: they poll.
   */
  refreshSeconds?: (context: PageDataContext) => number | undefined;
  /** The page shows personal data (a payment's number and amount): its HTML is never kept by a shared cache. */
  personal?: boolean;
};

/** A route module (`app/routes/<id>.tsx`): the page and what it needs. */
export type RouteModule = { Component: ComponentType; data?: PageData };

/** Content pages every page shows (header, footer, loading texts). */
export const LAYOUT_CONTENT = ['header', 'footer'] as const;
export const LAYOUT_TEXT_CONTENT = ['footer-translation', 'loader-translation'] as const;
export const LAYOUT_CATALOGUES = [TRANSLATION_PAGE] as const;

/** The configured languages, or the built-in list when the configuration cannot be had. */
export async function languagesOf(queryClient: QueryClient): Promise<readonly Language[]> {
  try {
    const config = await queryClient.ensureQueryData(configQueryOptions);
    return config.languages?.length ? config.languages : DEFAULT_LANGUAGES;
  } catch {
    return DEFAULT_LANGUAGES;
  }
}

export async function languageOfUrl(queryClient: QueryClient, url: URL): Promise<string> {
  return langParam(splitLanguagePath(url.pathname, await languagesOf(queryClient)).language);
}

/**
 * The root route's loader: configuration, the main texts and the layout's content; on the server also the
 * titles, which it writes into the page's head.
 */
export async function loadLayoutData(
  { queryClient, i18n, server }: AppDeps,
  { request }: LoaderFunctionArgs,
) {
  const lang = await languageOfUrl(queryClient, new URL(request.url));
  await Promise.all([
    server ? queryClient.prefetchQuery(contentQueryOptions(META_PAGE, lang)) : undefined,
    loadCatalogues(queryClient, i18n, lang, LAYOUT_CATALOGUES),
    ...LAYOUT_CONTENT.map((page) => queryClient.prefetchQuery(contentQueryOptions(page, lang))),
    ...LAYOUT_TEXT_CONTENT.map((page) =>
      queryClient.prefetchQuery(
        contentQueryOptions(page, lang, { sessionCacheSeconds: TRANSLATION_CACHE_SECONDS }),
      ),
    ),
  ]);
  return null;
}

/** A page route's loader: its catalogues and prefetched queries (a failed prefetch leaves the page to retry). */
export async function loadPageData(
  { queryClient, i18n, server }: AppDeps,
  data: PageData | undefined,
  { request, params }: LoaderFunctionArgs,
) {
  const url = new URL(request.url);
  const lang = await languageOfUrl(queryClient, url);
  await Promise.all([
    loadCatalogues(queryClient, i18n, lang, data?.catalogues ?? []),
    data?.prefetch?.({ queryClient, lang, url, params, server }).catch((error: unknown) => {
      console.warn('[router] prefetch failed', url.pathname, error);
    }),
  ]);
  return null;
}
