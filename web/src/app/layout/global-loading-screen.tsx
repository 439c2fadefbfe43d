import { TRANSLATION_CACHE_SECONDS, useContentPage } from '@/lib/content';
import { useConfig } from '@/lib/config';
import { useGlobalLoading } from '@/lib/loading';
import { LoadingScreen, type LoadingTexts } from '@/ui/loading-screen';

/** The full-page loader, with the translated texts of `loader-translation` once they are known. */
export function GlobalLoadingScreen() {
  const loading = useGlobalLoading();
  const { data: texts } = useContentPage<LoadingTexts>('loader-translation', {
    sessionCacheSeconds: TRANSLATION_CACHE_SECONDS,
  });
  const { data: config } = useConfig();
  if (!loading) return null;
  return (
    <LoadingScreen
      wait={texts?.wait}
      holdOn={texts?.holdOn}
      loadingMessage={texts?.loadingMessage}
      brand={config?.brandName}
    />
  );
}
