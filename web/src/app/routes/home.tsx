import { HomePage } from '@/features/home/components/home-page';
import { homepageConfigQuery } from '@/features/home/api/get-homepage-config';
import type { PageData } from '../page-data';

export const Component = HomePage;
export const data: PageData = {
  prefetch: ({ queryClient, lang }) => queryClient.prefetchQuery(homepageConfigQuery(lang)),
};
