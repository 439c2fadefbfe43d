import { CONTACT_FORM_PAGE } from '@portal/contract/api/contact';
import { CONTACT_CATALOGUE, ContactPage } from '@/features/contact/components/contact-page';
import { DYNAMIC_FORM_CATALOGUE } from '@/features/contact/components/contact-form';
import { contentQueryOptions } from '@/lib/content';
import type { PageData } from '../page-data';

export const Component = ContactPage;
export const data: PageData = {
  catalogues: [CONTACT_CATALOGUE, DYNAMIC_FORM_CATALOGUE],
  prefetch: ({ queryClient, lang }) =>
    queryClient.prefetchQuery(contentQueryOptions(CONTACT_FORM_PAGE, lang)),
};
