import { useContentPage } from '@/lib/content';

/** Content of the `homepage-config` page (per language). Paths are app paths without language prefix. */
export type HomepageConfig = {
  banner?: { title: string; subtitle?: string; cta?: { label: string; path: string } };
  imageCard?: { title: string; text?: string; badge?: string; cta?: { label: string; path: string } };
  tilesTitle?: string;
  tiles?: { id: string; title: string; description?: string; path: string; icon?: string }[];
};

export function useHomepageConfig() {
  return useContentPage<HomepageConfig>('homepage-config');
}
