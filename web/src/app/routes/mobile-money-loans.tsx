import { LOANS_CATALOGUE, MobileMoneyLoansPage } from '@/features/contact/components/mobile-money-loans-page';
import type { PageData } from '../page-data';

export const Component = MobileMoneyLoansPage;
export const data: PageData = { catalogues: [LOANS_CATALOGUE] };
