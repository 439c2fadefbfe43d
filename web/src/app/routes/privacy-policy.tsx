import { PRIVACY_PAGE, PrivacyPage } from '@/features/privacy/components/privacy-page';
import { contentQueryOptions } from '@/lib/content';
import type { PageData } from '../page-data';

export const Component = PrivacyPage;
export const data: PageData = {
  prefetch: ({ queryClient, lang }) => queryClient.prefetchQuery(contentQueryOptions(PRIVACY_PAGE, lang)),
};
