import { CATALOGUE, StoreLocatorPage } from '@/features/store-locator/components/store-locator-page';
import type { PageData } from '../page-data';

export const Component = StoreLocatorPage;
export const data: PageData = { catalogues: [CATALOGUE] };
