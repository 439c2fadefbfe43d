import { PaymentPage } from '@/features/payment/components/payment-page';

/** /payment/start and /payment/start/:method. */
export function PaymentStartRoute() {
  return <PaymentPage />;
}
