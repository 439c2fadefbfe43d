import { HomeBroadbandPage } from '@/features/hbb-lead/components/home-broadband-page';
import { HBB_CATALOGUE } from '@/features/hbb-lead/components/hbb-lead-page';
import { hbbDevicesQuery } from '@/features/hbb-lead/api/get-devices';
import type { PageData } from '../page-data';

export const Component = HomeBroadbandPage;
export const data: PageData = {
  catalogues: [HBB_CATALOGUE],
  prefetch: ({ queryClient, lang }) => queryClient.prefetchQuery(hbbDevicesQuery(lang)),
};
