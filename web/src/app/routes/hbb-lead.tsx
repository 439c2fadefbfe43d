import { HBB_CATALOGUE, HbbLeadPage } from '@/features/hbb-lead/components/hbb-lead-page';
import { JOURNEY_CATALOGUE } from '@/ui/use-page-catalogue';
import type { PageData } from '../page-data';

export const Component = HbbLeadPage;
export const data: PageData = { catalogues: [HBB_CATALOGUE, JOURNEY_CATALOGUE] };
