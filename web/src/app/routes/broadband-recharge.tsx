import { BroadbandPage } from '@/features/broadband/components/broadband-page';
import { JOURNEY_CATALOGUE } from '@/lib/use-page-catalogue';
import type { PageData } from '../page-data';

export const Component = BroadbandPage;
export const data: PageData = { catalogues: [JOURNEY_CATALOGUE] };
