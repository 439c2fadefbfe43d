import { CATALOGUES, HelpCentrePage } from '@/features/help/components/help-centre-page';
import { faqsQuery } from '@/features/help/api/get-faqs';
import type { PageData } from '../page-data';

export const Component = HelpCentrePage;
export const data: PageData = {
  catalogues: CATALOGUES,
  prefetch: ({ queryClient, lang }) => queryClient.prefetchQuery(faqsQuery(lang)),
};
