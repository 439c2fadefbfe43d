import { DataBundlePage } from '@/features/bundles/components/data-bundle-page';
import { JOURNEY_CATALOGUE } from '@/lib/use-page-catalogue';
import type { PageData } from '../page-data';

export const Component = DataBundlePage;
export const data: PageData = { catalogues: [JOURNEY_CATALOGUE] };
