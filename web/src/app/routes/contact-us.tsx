import { CONTACT_CATALOGUE, ContactPage } from '@/features/contact/components/contact-page';
import type { PageData } from '../page-data';

export const Component = ContactPage;
export const data: PageData = { catalogues: [CONTACT_CATALOGUE] };
