import {
  LEAD_STATUS_CATALOGUE,
  LeadStatusPage,
  leadIdOf,
  trackLeadQuery,
} from '@/features/hbb-lead/components/lead-status-page';
import { contentQueryOptions } from '@/lib/content';
import type { PageData } from '../page-data';

export const Component = LeadStatusPage;
export const data: PageData = {
  catalogues: [LEAD_STATUS_CATALOGUE],
  personal: true,
  prefetch: ({ queryClient, lang, url }) => {
    const id = leadIdOf(url.searchParams);
    return Promise.all([
      queryClient.prefetchQuery(contentQueryOptions('lead-status-config', lang)),
      id ? queryClient.prefetchQuery(trackLeadQuery(id)) : undefined,
    ]);
  },
};
