import { CATALOGUE, StoreLocatorPage } from '@/features/store-locator/components/store-locator-page';
import { prefetchShopsOfUrl } from '@/features/store-locator/api/get-shops';
import type { PageData } from '../page-data';

export const Component = StoreLocatorPage;
export const data: PageData = { catalogues: [CATALOGUE], prefetch: prefetchShopsOfUrl('shop') };
