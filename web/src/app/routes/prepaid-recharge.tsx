import { PrepaidRechargePage } from '@/features/recharge/components/prepaid-recharge-page';
import { JOURNEY_CATALOGUE } from '@/lib/use-page-catalogue';
import type { PageData } from '../page-data';

export const Component = PrepaidRechargePage;
export const data: PageData = { catalogues: [JOURNEY_CATALOGUE] };
