import { LEAD_FORM_PAGE } from '@portal/contract/forms';
import { HBB_CATALOGUE, HbbLeadPage } from '@/features/hbb-lead/components/hbb-lead-page';
import { hbbOfferQuery } from '@/features/hbb-lead/api/get-offer';
import { deviceFromQuery } from '@/features/hbb-lead/utils/session';
import { cityListQuery } from '@/features/hbb-lead/api/get-city-list';
import { contentQueryOptions } from '@/lib/content';
import { JOURNEY_CATALOGUE } from '@/lib/use-page-catalogue';
import type { PageData } from '../page-data';

export const Component = HbbLeadPage;
export const data: PageData = {
  catalogues: [HBB_CATALOGUE, JOURNEY_CATALOGUE],
  // The device the address names (a product view's link), else the default one (a device saved in this
  // browser's sessionStorage is read once live).
  prefetch: ({ queryClient, lang, url }) =>
    Promise.all([
      queryClient.prefetchQuery(hbbOfferQuery(deviceFromQuery(url.searchParams).id, lang)),
      queryClient.prefetchQuery(cityListQuery),
      queryClient.prefetchQuery(contentQueryOptions('lead-status-config', lang)),
      queryClient.prefetchQuery(contentQueryOptions(LEAD_FORM_PAGE, lang)),
    ]),
};
