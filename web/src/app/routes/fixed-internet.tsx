import { FixedInternetPage } from '@/features/fixed-internet/components/fixed-internet-page';
import { JOURNEY_CATALOGUE } from '@/lib/use-page-catalogue';
import type { PageData } from '../page-data';

export const Component = FixedInternetPage;
export const data: PageData = { catalogues: [JOURNEY_CATALOGUE] };
