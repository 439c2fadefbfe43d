import { CATALOGUES, HelpCentrePage } from '@/features/help/components/help-centre-page';
import { faqsQuery, trimAnswers } from '@/features/help/api/get-faqs';
import type { PageData } from '../page-data';

export const Component = HelpCentrePage;
export const data: PageData = {
  catalogues: CATALOGUES,
  prefetch: async ({ queryClient, lang, url, server }) => {
    await queryClient.prefetchQuery(faqsQuery(lang));
    // The server's HTML carries the answer it shows, not all of them (two thirds of the list's weight);
    // the live page asks for the whole list again in the background.
    if (server) trimAnswers(queryClient, lang, url.searchParams.get('question'));
  },
};
