import { PostpaidBillPage } from '@/features/bill-pay/components/postpaid-bill-page';
import { JOURNEY_CATALOGUE } from '@/lib/use-page-catalogue';
import type { PageData } from '../page-data';

export const Component = PostpaidBillPage;
export const data: PageData = { catalogues: [JOURNEY_CATALOGUE] };
