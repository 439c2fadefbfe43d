import { useQuery } from '@tanstack/react-query';
import { contentQueryOptions } from '@/lib/content';
import { parseSites } from '../utils/sites';

/** Spec §7: the coverage sites are the content page `fetch-sites-data-5g` (JSON text in packageHtml). */
export const SITES_PAGE = 'fetch-sites-data-5g';

export function useCoverageSites(lang: string) {
  return useQuery({
    ...contentQueryOptions<unknown>(SITES_PAGE, lang),
    select: parseSites,
    staleTime: 30 * 60 * 1000,
  });
}
