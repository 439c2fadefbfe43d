import { LEAD_STATUS_CATALOGUE, LeadStatusPage } from '@/features/hbb-lead/components/lead-status-page';
import type { PageData } from '../page-data';

export const Component = LeadStatusPage;
export const data: PageData = { catalogues: [LEAD_STATUS_CATALOGUE] };
