import { plansQuery } from '@/features/tariffs/api/get-plans';
import {
  BROADBAND_PLANS,
  MOBILE_PLANS,
  TariffTablePage,
} from '@/features/tariffs/components/tariff-table-page';
import { JOURNEY_CATALOGUE } from '@/lib/use-page-catalogue';
import type { PageData } from '../page-data';

export const Component = TariffTablePage;
export const data: PageData = {
  catalogues: [JOURNEY_CATALOGUE],
  prefetch: ({ queryClient }) =>
    Promise.all([
      queryClient.prefetchQuery(plansQuery(MOBILE_PLANS)),
      queryClient.prefetchQuery(plansQuery(BROADBAND_PLANS)),
    ]),
};
