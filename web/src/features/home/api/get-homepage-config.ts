import { contentQueryOptions, useContentPage } from '@/lib/content';

/** Content of the `homepage-config` page (per language). Paths are app paths without language prefix. */
export type HomepageConfig = {
  banner?: { title: string; subtitle?: string; cta?: { label: string; path: string } };
  imageCard?: { title: string; text?: string; badge?: string; cta?: { label: string; path: string } };
  tilesTitle?: string;
  tiles?: { id: string; title: string; description?: string; path: string; icon?: string }[];
};

export const HOMEPAGE_CONFIG = 'homepage-config';

export const homepageConfigQuery = (lang: string) =>
  contentQueryOptions<HomepageConfig>(HOMEPAGE_CONFIG, lang);

export function useHomepageConfig() {
  return useContentPage<HomepageConfig>(HOMEPAGE_CONFIG);
}
