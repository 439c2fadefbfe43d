import { PAYMENT_CATALOGUE, PaymentPage } from '@/features/payment/components/payment-page';
import { JOURNEY_CATALOGUE } from '@/ui/use-page-catalogue';
import type { PageData } from '../page-data';

/** /payment/start and /payment/start/:method. */
export const Component = PaymentPage;
export const data: PageData = { catalogues: [PAYMENT_CATALOGUE, JOURNEY_CATALOGUE], personal: true };
