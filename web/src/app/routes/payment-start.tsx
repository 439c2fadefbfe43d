import { PURCHASE_PARAM } from '@portal/contract/render';
import { PaymentPage } from '@/features/payment/components/payment-page';
import { PAYMENT_CATALOGUE } from '@/features/payment/components/payment-methods';
import { paymentOptionsQuery } from '@/features/payment/api/get-payment-options';
import { openSealedPurchase } from '@/features/payment/hooks/use-purchase';
import { optionsInput } from '@/features/payment/utils/initiation';
import { JOURNEY_CATALOGUE } from '@/lib/use-page-catalogue';
import type { PageData } from '../page-data';

/** /payment/start and /payment/start/:method. */
export const Component = PaymentPage;
export const data: PageData = {
  catalogues: [PAYMENT_CATALOGUE, JOURNEY_CATALOGUE],
  personal: true,
  // A purchase sealed into the URL by a plain HTML form is opened on the server, with its payment options.
  prefetch: async ({ queryClient, url, server }) => {
    const token = url.searchParams.get(PURCHASE_PARAM);
    if (!token || !server) return;
    const context = openSealedPurchase(queryClient, token, server);
    if (context) await queryClient.prefetchQuery(paymentOptionsQuery(optionsInput(context)));
  },
};
