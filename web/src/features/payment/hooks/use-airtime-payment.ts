import { useRef, useState } from 'react';
import { errorMessage } from '@/lib/api';
import { trackEvent } from '@/lib/analytics';
import { holdLoading } from '@/lib/loading';
import { idempotencyKeyFor, updatePurchaseContext, type PurchaseContext } from '@/lib/purchase-context';
import { verifyOtp } from '@/domain/otp/otp-api';
import { showToast } from '@/ui/toast';
import { initiatePayment } from '../api/initiate-payment';
import { processPayment } from '../api/process-payment';
import { queryAirtimeBalance } from '../api/query-airtime-balance';
import { airtimeDetails, coversAmount } from '../utils/airtime';
import { initiationPayload, processPayload } from '../utils/initiation';
import { useGoToStatus } from './use-go-to-status';
import { usePaymentCode } from './use-payment-code';

/** idle -> otp (code dialog) -> confirm ('Are you sure?') | insufficient (message) -> status page. */
export type AirtimeStep = 'idle' | 'otp' | 'confirm' | 'insufficient';

type Session = { context: PurchaseContext; payer: string; emailId: string; uniqueCode?: string };

/**
 * Paying with airtime (spec §4 "Airtime payment"): a one-time code to the payer (bound to the amount), its
 * verification gives a uniqueCode, which reads the payer's airtime balance; with enough balance an 'Are you
 * sure?' dialog (Yes initiates with paymentMode AIR_TIME and the uniqueCode, then processes; No closes),
 * otherwise the insufficient-balance message.
 */
export function useAirtimePayment() {
  const goToStatus = useGoToStatus();
  const [step, setStep] = useState<AirtimeStep>('idle');
  const code = usePaymentCode('airtime');
  const { challenge } = code;
  const [busy, setBusy] = useState(false);
  const session = useRef<Session | undefined>(undefined);

  const start = async (context: PurchaseContext, payer: string, emailId: string) => {
    if (busy) return;
    setBusy(true);
    setStep('idle');
    session.current = { context, payer, emailId };
    if (await code.send(payer, context.amount)) setStep('otp');
    setBusy(false);
  };

  /** Verifies the code (errors go back to the code dialog), then checks the balance outside it. */
  const verifyCode = async (code: string) => {
    const current = session.current;
    if (!current || !challenge) return;
    const { uniqueCode } = await verifyOtp(challenge.otpId, code);
    current.uniqueCode = uniqueCode;
    setStep('idle');
    const release = holdLoading();
    try {
      const balance = await queryAirtimeBalance(current.payer, uniqueCode);
      const sufficient = coversAmount(balance, current.context.amount);
      trackEvent('payment_airtime_balance', { sufficient });
      setStep(sufficient ? 'confirm' : 'insufficient');
    } catch (error) {
      showToast({ message: errorMessage(error), long: true });
    } finally {
      release();
    }
  };

  /** Yes of 'Are you sure?'. */
  const confirm = async () => {
    const current = session.current;
    if (busy || !current?.uniqueCode) return;
    setBusy(true);
    const release = holdLoading();
    try {
      const updated = updatePurchaseContext({ emailId: current.emailId }) ?? current.context;
      const details = airtimeDetails(current.payer, current.emailId, current.uniqueCode);
      const payload = initiationPayload(updated, details);
      trackEvent('payment_initiate', { method: 'airtime', transactionType: updated.transactionType });
      const { transactionId } = await initiatePayment(payload, idempotencyKeyFor(payload));
      if (!transactionId) {
        console.warn('[payment] initiate returned no transaction id');
        return;
      }
      trackEvent('payment_process', { method: 'airtime', transactionId });
      await processPayment(processPayload(updated, transactionId, details));
      updatePurchaseContext({ attempt: undefined });
      void goToStatus(transactionId);
    } catch (error) {
      trackEvent('payment_error', { method: 'airtime' });
      setStep('idle');
      showToast({ message: errorMessage(error), long: true });
    } finally {
      release();
      setBusy(false);
    }
  };

  return {
    step,
    challenge,
    busy,
    start,
    verifyCode,
    resend: code.resend,
    confirm,
    /** No of 'Are you sure?', or closing the code dialog. */
    close: () => setStep('idle'),
  };
}
