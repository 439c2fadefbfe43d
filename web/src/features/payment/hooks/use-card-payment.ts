import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PaymentOption } from '@portal/contract/api/payments';
import { errorMessage } from '@/lib/api';
import { trackEvent } from '@/lib/analytics';
import { useLocalePath } from '@/lib/language';
import { holdLoading } from '@/lib/loading';
import { redirectTo } from '@/lib/redirect';
import { idempotencyKeyFor, updatePurchaseContext, type PurchaseContext } from '@/lib/purchase-context';
import { showToast } from '@/ui/toast';
import { useInitiatePayment } from '../api/initiate-payment';
import { useProcessPayment } from '../api/process-payment';
import { cardInitiation, cardProcess } from '../utils/initiation';

/**
 * Card payment (spec §4 "Card"): initiate, process, then leave for the gateway's hosted page.
 *
 * Seam: a gateway with `popup: true` opens the provider's inline script instead (amount x 100, channels
 * ussd, bank, card, mobile_money, bank_transfer, qr; cancel returns to the callback with CANCELLED). Until
 * that lands, a popup gateway that also returns a redirectUrl is sent there.
 */
export function useCardPayment() {
  const initiate = useInitiatePayment();
  const process = useProcessPayment();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const [busy, setBusy] = useState(false);
  const release = useRef<(() => void) | undefined>(undefined);

  // Coming back from the gateway with the browser's back button restores this page from the bfcache,
  // loader and all: drop it then.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      release.current?.();
      setBusy(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pageshow', onPageShow);
      release.current?.();
    };
  }, []);

  const pay = async (context: PurchaseContext, option: PaymentOption, email: string) => {
    if (busy) return;
    const gateway = option.paymentGateway ?? '';
    setBusy(true);
    release.current = holdLoading();
    let leaving = false;
    try {
      const updated = updatePurchaseContext({ emailId: email }) ?? context;
      const payload = cardInitiation(updated, gateway, email);
      const idempotencyKey = idempotencyKeyFor(payload);
      trackEvent('payment_initiate', { method: 'card', gateway, transactionType: context.transactionType });
      const { transactionId } = await initiate.mutateAsync({ payload, idempotencyKey });
      if (!transactionId) {
        console.warn('[payment] initiate returned no transaction id');
        return;
      }
      trackEvent('payment_process', { method: 'card', gateway, transactionId });
      const processed = await process.mutateAsync(cardProcess(updated, transactionId, gateway));
      if (!processed.transactionId) console.warn('[payment] process returned no transaction id');
      if (processed.redirectUrl) {
        trackEvent('payment_redirect', { method: 'card', gateway, transactionId });
        leaving = true;
        redirectTo(processed.redirectUrl);
        return;
      }
      navigate(`${localePath('/payment/status')}?id=${encodeURIComponent(transactionId)}`);
    } catch (error) {
      trackEvent('payment_error', { method: 'card', gateway });
      showToast({ message: errorMessage(error), long: true });
    } finally {
      if (!leaving) {
        release.current?.();
        release.current = undefined;
        setBusy(false);
      }
    }
  };

  return { pay, busy };
}
