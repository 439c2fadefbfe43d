import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PaymentOption } from '@portal/contract/api/payments';
import { errorMessage } from '@/lib/api';
import { trackEvent } from '@/lib/analytics';
import { configQueryOptions } from '@/lib/config';
import { holdLoading } from '@/lib/loading';
import { loadScript } from '@/lib/load-script';
import { redirectTo } from '@/lib/redirect';
import { idempotencyKeyFor, updatePurchaseContext, type PurchaseContext } from '@/lib/purchase-context';
import { showToast } from '@/ui/toast';
import { useInitiatePayment } from '../api/initiate-payment';
import { useProcessPayment } from '../api/process-payment';
import { cardInitiation, cardProcess } from '../utils/initiation';
import {
  gatewayReturnUrl,
  inlineScriptUrl,
  paystackPop,
  POPUP_CHANNELS,
  publicKeyOf,
  toPopupAmount,
} from '../utils/paystack-popup';
import { useGoToStatus } from './use-go-to-status';

/**
 * Card payment (spec §4 "Card"): initiate, process, then either leave for the gateway's hosted page
 * (redirectUrl), or - for a gateway with `popup: true` - open the provider's inline popup on this page
 * (amount x 100, channels ussd, bank, card, mobile_money, bank_transfer, qr). The popup's outcome returns
 * through the gateway return path (a close with status CANCELLED), where the server verifies the payment
 * and sends the browser on to the status page. If the popup script cannot be loaded, the hosted page is
 * the fallback.
 */
export function useCardPayment() {
  const initiate = useInitiatePayment();
  const process = useProcessPayment();
  const queryClient = useQueryClient();
  const goToStatus = useGoToStatus();
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

  const stopLoading = () => {
    release.current?.();
    release.current = undefined;
  };

  /** Opens the popup; resolves false when it could not be opened (the caller falls back to the redirect). */
  const openPopup = async (
    context: PurchaseContext,
    gateway: string,
    email: string,
    reference: string,
    cancelToken: string | undefined,
  ): Promise<boolean> => {
    try {
      const config = await queryClient.fetchQuery(configQueryOptions);
      await loadScript(inlineScriptUrl(config.payStackConfig));
      const pop = paystackPop();
      if (!pop) throw new Error('PaystackPop is not available');
      const leave = (cancelled: boolean, popupStatus?: string) => {
        trackEvent(cancelled ? 'payment_popup_closed' : 'payment_popup_done', { method: 'card', gateway });
        release.current ??= holdLoading();
        redirectTo(gatewayReturnUrl(gateway, reference, cancelled, popupStatus, cancelToken));
      };
      // The popup is its own dialog: the page's loader must not cover it.
      stopLoading();
      pop
        .setup({
          key: publicKeyOf(config.payStackConfig),
          email,
          amount: toPopupAmount(context.amount),
          ref: reference,
          currency: context.currency || 'NGN',
          channels: [...POPUP_CHANNELS],
          callback: (response) => leave(false, response.status),
          onClose: () => leave(true),
        })
        .openIframe();
      trackEvent('payment_popup_open', { method: 'card', gateway });
      return true;
    } catch (error) {
      console.warn('[payment] card popup unavailable', error);
      return false;
    }
  };

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
      const { transactionId, cancelToken } = await initiate.mutateAsync({ payload, idempotencyKey });
      if (!transactionId) {
        console.warn('[payment] initiate returned no transaction id');
        return;
      }
      trackEvent('payment_process', { method: 'card', gateway, transactionId });
      const processed = await process.mutateAsync(cardProcess(updated, transactionId, gateway));
      if (!processed.transactionId) console.warn('[payment] process returned no transaction id');
      if (option.popup && processed.reference) {
        if (await openPopup(updated, gateway, email, processed.reference, cancelToken)) {
          // The popup's callbacks leave the page; until then the form stays busy.
          leaving = true;
          return;
        }
      }
      if (processed.redirectUrl) {
        trackEvent('payment_redirect', { method: 'card', gateway, transactionId });
        leaving = true;
        release.current ??= holdLoading();
        redirectTo(processed.redirectUrl);
        return;
      }
      void goToStatus(transactionId);
    } catch (error) {
      trackEvent('payment_error', { method: 'card', gateway });
      showToast({ message: errorMessage(error), long: true });
    } finally {
      if (!leaving) {
        stopLoading();
        setBusy(false);
      }
    }
  };

  return { pay, busy };
}
