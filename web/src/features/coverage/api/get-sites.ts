import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { fetchSearchedPlace } from '@/domain/maps/map-api';
import type { Point } from '@/domain/maps/distance';
import { contentQueryOptions, getContentPage } from '@/lib/content';
import { coverageNear, parseSites } from '../utils/sites';

/** Spec §7: the coverage sites are the content page `fetch-sites-data-5g` (JSON text in packageHtml). */
export const SITES_PAGE = 'fetch-sites-data-5g';

const SITES_STALE_MS = 30 * 60 * 1000;

function sitesQueryOptions(lang: string) {
  return { ...contentQueryOptions<unknown>(SITES_PAGE, lang), staleTime: SITES_STALE_MS };
}

export function useCoverageSites(lang: string) {
  return useQuery({ ...sitesQueryOptions(lang), select: parseSites });
}

/**
 * The nearest site of each technology to a place, from the sites `readSites` gives: the page's own (cached,
 * for its map), or on the server the content page read for this answer alone, so that the HTML carries the
 * answer and not the 89 KB of sites (nor a list of technologies the browser's first render would not have).
 */
export function coverageNearQueryOptions(
  place: Point | undefined,
  lang: string,
  readSites: () => Promise<unknown>,
) {
  return queryOptions({
    queryKey: ['coverage-near', lang, place?.lat, place?.lng] as const,
    queryFn: async () => coverageNear(parseSites(await readSites()), place!),
    enabled: place !== undefined,
    staleTime: SITES_STALE_MS,
  });
}

/** The sites as the page's map has them (one request for both). */
export function cachedSites(queryClient: QueryClient, lang: string) {
  return () => queryClient.fetchQuery(sitesQueryOptions(lang));
}

/** The page data's prefetch: the coverage near the place of `?q=`, if any. */
export async function prefetchCoverageOfUrl(context: {
  queryClient: QueryClient;
  url: URL;
  lang: string;
}): Promise<void> {
  const place = await fetchSearchedPlace(context);
  if (place) {
    const readSites = () => getContentPage<unknown>(SITES_PAGE, context.lang);
    await context.queryClient.prefetchQuery(coverageNearQueryOptions(place, context.lang, readSites));
  }
}
