import { CATALOGUE, StoreLocatorPage } from '@/features/store-locator/components/store-locator-page';
import { prefetchShopsOfUrl } from '@/features/store-locator/api/get-shops';
import type { PageData } from '../page-data';

/** The help centre's 'Dealers' target: the store locator of dealers. */
export function Component() {
  return <StoreLocatorPage type="dealer" />;
}
export const data: PageData = { catalogues: [CATALOGUE], prefetch: prefetchShopsOfUrl('dealer') };
