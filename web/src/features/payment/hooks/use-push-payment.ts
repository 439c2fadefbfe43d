import { useEffect, useRef, useState } from 'react';
import { ERRORS } from '@portal/contract/errors';
import { ApiError, errorMessage } from '@/lib/api';
import { trackEvent } from '@/lib/analytics';
import { holdLoading } from '@/lib/loading';
import { idempotencyKeyFor, updatePurchaseContext, type PurchaseContext } from '@/lib/purchase-context';
import { CLOSE_AFTER_FAILURE_MS } from '@/domain/otp/use-otp-entry';
import { showToast } from '@/ui/toast';
import { getPaymentStatus } from '../api/get-payment-status';
import { initiatePayment } from '../api/initiate-payment';
import { processPayment } from '../api/process-payment';
import { initiationPayload, processPayload } from '../utils/initiation';
import { isFinalRefusal } from '../utils/pin-failure';
import { pollPush, PUSH_POLL_INTERVAL_MS } from '../utils/poll-push';
import { useGoToStatus } from './use-go-to-status';

export type PushMode = 'NAIJA_MONEY_PUSH' | 'MPESA';

export type PushRequest = {
  payer: string;
  emailId?: string;
  /** MPESA: configData.paymentMaxTry (default 10); mobile money: no limit. */
  maxTries?: number;
};

/**
 * Push-prompt payments (spec §4 "Mobile money" without PIN, "MPESA"): initiate, process (the provider sends
 * the prompt to the payer's phone), then the 'Processing' overlay while the status is polled every 10 s,
 * then the status page.
 */
export function usePushPayment(mode: PushMode) {
  const goToStatus = useGoToStatus();
  const [busy, setBusy] = useState(false);
  /** The number the prompt went to, while the overlay is up. */
  const [waitingFor, setWaitingFor] = useState<string | undefined>(undefined);
  /**
   * The server's message (in the page's language) when the wallet refuses the payer as no wallet user (4001):
   * shown in the overlay, which closes 11 s later (spec §8).
   */
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (refusal === undefined) return;
    const timer = setTimeout(() => setRefusal(undefined), CLOSE_AFTER_FAILURE_MS);
    return () => clearTimeout(timer);
  }, [refusal]);
  const abort = useRef<AbortController | undefined>(undefined);

  useEffect(() => () => abort.current?.abort(), []);

  const pay = async (context: PurchaseContext, request: PushRequest) => {
    if (busy) return;
    setBusy(true);
    const release = holdLoading();
    const method = mode === 'MPESA' ? 'mpesa' : 'mobile_money_push';
    try {
      const updated =
        (request.emailId ? updatePurchaseContext({ emailId: request.emailId }) : context) ?? context;
      const details = { paymentMode: mode, payer: request.payer, emailId: request.emailId ?? '' } as const;
      const payload = initiationPayload(updated, details);
      trackEvent('payment_initiate', { method, transactionType: context.transactionType });
      const { transactionId } = await initiatePayment(payload, idempotencyKeyFor(payload));
      if (!transactionId) {
        console.warn('[payment] initiate returned no transaction id');
        return;
      }
      trackEvent('payment_process', { method, transactionId });
      await processPayment(processPayload(updated, transactionId, details));
      // The prompt is out: this attempt is spent, a payment started later is a new one.
      updatePurchaseContext({ attempt: undefined });
      release();
      setWaitingFor(request.payer);
      const controller = new AbortController();
      abort.current = controller;
      try {
        const status = await pollPush(transactionId, {
          getStatus: getPaymentStatus,
          intervalMs: PUSH_POLL_INTERVAL_MS,
          signal: controller.signal,
          ...(request.maxTries !== undefined ? { maxTries: request.maxTries } : {}),
        });
        trackEvent('payment_push_answered', { method, transactionId, status });
      } catch (error) {
        if (controller.signal.aborted) return;
        // The status page says where the payment stands (and reports a failure to load it).
        console.warn('[payment] status polling stopped', error);
      }
      void goToStatus(transactionId);
    } catch (error) {
      trackEvent('payment_error', { method });
      // A refused attempt is over: a new try must not reuse its Idempotency-Key.
      if (isFinalRefusal(error)) updatePurchaseContext({ attempt: undefined });
      setWaitingFor(undefined);
      if (error instanceof ApiError && error.statusCode === ERRORS.INVALID_USER.code)
        setRefusal(errorMessage(error));
      else showToast({ message: errorMessage(error), long: true });
    } finally {
      release();
      setBusy(false);
    }
  };

  return { pay, busy, waitingFor, refusal };
}
