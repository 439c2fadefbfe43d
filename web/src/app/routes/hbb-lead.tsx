import { LEAD_FORM_PAGE } from '@portal/contract/forms';
import { HBB_CATALOGUE, HbbLeadPage } from '@/features/hbb-lead/components/hbb-lead-page';
import { hbbOfferQuery } from '@/features/hbb-lead/api/get-offer';
import { cityListQuery } from '@/features/hbb-lead/api/get-city-list';
import { contentQueryOptions } from '@/lib/content';
import { JOURNEY_CATALOGUE } from '@/ui/use-page-catalogue';
import type { PageData } from '../page-data';

export const Component = HbbLeadPage;
export const data: PageData = {
  catalogues: [HBB_CATALOGUE, JOURNEY_CATALOGUE],
  // The default device's offer (a device chosen on a product page is this browser's, read once live).
  prefetch: ({ queryClient, lang }) =>
    Promise.all([
      queryClient.prefetchQuery(hbbOfferQuery(undefined, lang)),
      queryClient.prefetchQuery(cityListQuery),
      queryClient.prefetchQuery(contentQueryOptions('lead-status-config', lang)),
      queryClient.prefetchQuery(contentQueryOptions(LEAD_FORM_PAGE, lang)),
    ]),
};
