import { PaymentStatusPage } from '@/features/payment-status/components/payment-status-page';

/** /payment/status?id=, /payment/status/:id (also ?channel=&pg= from a chat-channel gateway return). */
export function PaymentStatusRoute() {
  return <PaymentStatusPage />;
}
