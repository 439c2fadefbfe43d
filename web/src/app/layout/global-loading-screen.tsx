import { TRANSLATION_CACHE_SECONDS, useContentPage } from '@/lib/content';
import { useConfig } from '@/lib/config';
import { LoadingScreen, type LoadingTexts } from '@/ui/loading-screen';

/** The full-page loader, with the translated texts of `loader-translation` once they are known. */
export function GlobalLoadingScreen() {
  const { data: texts } = useContentPage<LoadingTexts>('loader-translation', {
    sessionCacheSeconds: TRANSLATION_CACHE_SECONDS,
  });
  const { data: config } = useConfig();
  return (
    <LoadingScreen
      wait={texts?.wait}
      holdOn={texts?.holdOn}
      loadingMessage={texts?.loadingMessage}
      brand={config?.brandName}
    />
  );
}
