import { useRef, useState } from 'react';
import { PIN_ATTEMPTS } from '@portal/contract/rules';
import { errorMessage } from '@/lib/api';
import { trackEvent } from '@/lib/analytics';
import { holdLoading } from '@/lib/loading';
import { encryptPin } from '@/lib/pin-crypto';
import { idempotencyKeyFor, updatePurchaseContext, type PurchaseContext } from '@/lib/purchase-context';
import { showToast } from '@/ui/toast';
import { initiatePayment } from '../api/initiate-payment';
import { processPayment } from '../api/process-payment';
import { verifyUser } from '../api/wallet-auth';
import { initiationPayload, processPayload } from '../utils/initiation';
import { pinFailureOf } from '../utils/pin-failure';
import { useGoToStatus } from './use-go-to-status';
import { usePaymentCode } from './use-payment-code';

export type PinMode = 'NAIJA_MONEY' | 'SMARTCASH';

export type PinStep = 'idle' | 'otp' | 'pin';

/** What the PIN dialog shows after a failed try. */
export type PinNotice = { kind: 'wrong'; attemptsLeft: number } | { kind: 'locked' } | undefined;

type Session = {
  context: PurchaseContext;
  payer: string;
  emailId: string;
  authorization?: string;
  transactionId?: string;
  publicKey?: string;
};

/**
 * Wallet payments authorised by PIN (spec §4 "Mobile money" with enableAmPin, "SmartCash"; §6, §7):
 *
 * 1. a one-time code goes to the payer's number; verify-user turns it into a bearer token;
 * 2. auth/initiate (with the token) creates the transaction and hands out the RSA key for the PIN;
 * 3. the 4-digit PIN is encrypted in the browser and sent with auth/process; then the status page.
 *
 * Wrong PIN - 1004 (mobile money: the same transaction is tried again) or 56D005 (SmartCash: re-initiates,
 * which with the same Idempotency-Key gives the same transaction a fresh key) - counts the attempts down
 * from 5; 1006 locks the wallet (0 attempts). Closing the PIN dialog resets the count to 5.
 */
export function usePinPayment(mode: PinMode) {
  const goToStatus = useGoToStatus();
  const [step, setStep] = useState<PinStep>('idle');
  const [busy, setBusy] = useState(false);
  const [attemptsLeft, setAttemptsLeft] = useState(PIN_ATTEMPTS);
  const [notice, setNotice] = useState<PinNotice>(undefined);
  const session = useRef<Session | undefined>(undefined);
  const method = mode === 'SMARTCASH' ? 'smartcash' : 'mobile_money_pin';
  const code = usePaymentCode(method);
  const { challenge } = code;

  const reset = () => {
    setStep('idle');
    code.clear();
    setAttemptsLeft(PIN_ATTEMPTS);
    setNotice(undefined);
  };

  /** Proceed: sends the one-time code to the payer. */
  const start = async (context: PurchaseContext, payer: string, emailId = '') => {
    if (busy) return;
    setBusy(true);
    session.current = { context, payer, emailId };
    if (await code.send(payer, context.amount)) setStep('otp');
    setBusy(false);
  };

  /** auth/initiate with the token: the transaction and the key for the PIN. */
  const initiate = async (current: Session) => {
    const details = { paymentMode: mode, payer: current.payer, emailId: current.emailId } as const;
    const payload = initiationPayload(current.context, details);
    const result = await initiatePayment(payload, idempotencyKeyFor(payload), current.authorization);
    if (!result.transactionId) throw new Error('initiate returned no transaction id');
    const key = result.encryptionKeyDetails?.key;
    if (!key) throw new Error('initiate returned no encryption key');
    current.transactionId = result.transactionId;
    current.publicKey = key;
  };

  /** The six boxes' verification: verify-user, then (outside the code dialog) initiate. */
  const verifyCode = async (code: string) => {
    const current = session.current;
    if (!current || !challenge) return;
    current.authorization = await verifyUser({
      refId: challenge.refId || challenge.otpId,
      otp: code,
      username: current.payer,
      paymentMode: mode,
    });
    setStep('idle');
    const release = holdLoading();
    try {
      trackEvent('payment_initiate', { method, transactionType: current.context.transactionType });
      await initiate(current);
      setAttemptsLeft(PIN_ATTEMPTS);
      setNotice(undefined);
      setStep('pin');
    } catch (error) {
      console.warn('[payment] PIN payment could not start', error);
      showToast({ message: errorMessage(error), long: true });
    } finally {
      release();
    }
  };

  const submitPin = async (pin: string) => {
    const current = session.current;
    if (busy || !current?.transactionId || !current.publicKey || notice?.kind === 'locked') return;
    setBusy(true);
    try {
      const amPin = await encryptPin(pin, current.publicKey);
      trackEvent('payment_process', { method, transactionId: current.transactionId });
      const details = { paymentMode: mode, payer: current.payer, amPin } as const;
      await processPayment(
        processPayload(current.context, current.transactionId, details),
        current.authorization,
      );
      updatePurchaseContext({ attempt: undefined });
      void goToStatus(current.transactionId);
    } catch (error) {
      const failure = pinFailureOf(error, attemptsLeft);
      trackEvent('payment_pin_failed', { method, kind: failure.kind });
      if (failure.kind === 'wrong') {
        setAttemptsLeft(failure.attemptsLeft);
        setNotice(failure);
        if (mode === 'SMARTCASH') {
          await initiate(current).catch((reinitiate: unknown) => {
            console.warn('[payment] SmartCash re-initiate failed', reinitiate);
          });
        }
      } else if (failure.kind === 'locked') {
        // The transaction has failed: another try is another attempt.
        updatePurchaseContext({ attempt: undefined });
        setAttemptsLeft(0);
        setNotice(failure);
      } else {
        if (failure.final) {
          updatePurchaseContext({ attempt: undefined });
          reset();
        }
        showToast({ message: failure.message, long: true });
      }
    } finally {
      setBusy(false);
    }
  };

  return {
    step,
    challenge,
    busy,
    attemptsLeft,
    notice,
    start,
    verifyCode,
    resend: code.resend,
    submitPin,
    /** Closing the code or the PIN dialog: back to the panel, five attempts again. */
    close: reset,
  };
}
