import { ERROR_CODES } from '@portal/contract/error-codes';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { OTP_ATTEMPTS, OTP_LENGTH } from '@portal/contract/rules';
import { ApiError, errorMessage } from '@/lib/api';
import { showToast } from '@/ui/toast';
import { otpLimitText } from './otp-limit';

/** Spec §9: resend after 60 s; a failed dialog closes 11 s after the message. */
export const RESEND_SECONDS = 60;
export const CLOSE_AFTER_FAILURE_MS = 11_000;

export type OtpEntryHandlers = {
  /** Verifies a complete code; rejects with the ApiError of the server on failure. */
  onVerify: (code: string) => Promise<void>;
  /** Sends a new code for the same challenge; answers the server's wait before the next one, if it said. */
  onResend: () => Promise<{ resendAfterSeconds?: number } | undefined>;
  /** Asks the parent to close the dialog (after a 502, or 11 s after a 4001/400). */
  onRequestClose: () => void;
  /** 4001 invalid user: the message goes to the parent too. */
  onInvalidUser?: (message: string) => void;
  /** Seconds before the first resend (the server's resendAfterSeconds: 60, or longer when it would refuse one). */
  resendAfterSeconds?: number;
  /** In a payment flow its toasts stay 10 s (spec §2), as the flow's own do. */
  longToasts?: boolean;
};

export type Failure = { message: string; attempts?: number } | undefined;

/** The code typed, verifying it or sending a new one, and what the server refused of them. */
export function useOtpEntry({
  onVerify,
  onResend,
  onRequestClose,
  onInvalidUser,
  resendAfterSeconds = RESEND_SECONDS,
  longToasts = false,
}: OtpEntryHandlers) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const countdown = useResendCountdown(resendAfterSeconds);
  const inFlight = useRef(false);
  const closeRef = useRef(onRequestClose);
  closeRef.current = onRequestClose;
  const refusal = useOtpFailure({ closeRef, onInvalidUser, longToasts });
  const { locked, closing } = refusal;

  const verify = async (value: string) => {
    if (inFlight.current || locked || closing || value.length !== OTP_LENGTH) return;
    inFlight.current = true;
    setBusy(true);
    refusal.clear();
    try {
      await onVerify(value);
    } catch (error) {
      refusal.fail(error);
      setCode('');
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const resend = async () => {
    if (countdown.secondsLeft > 0 || inFlight.current || closing) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const wait = (await onResend())?.resendAfterSeconds ?? resendAfterSeconds;
      refusal.restart();
      setCode('');
      countdown.restart(wait);
    } catch (error) {
      refusal.fail(error);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const { failure } = refusal;
  return {
    code,
    setCode,
    failure,
    busy,
    closing,
    locked,
    secondsLeft: countdown.secondsLeft,
    verify,
    resend,
  };
}

/** The seconds before a resend is offered, counted down to 0; restarted with the wait of the next code. */
function useResendCountdown(seconds: number) {
  // The countdown follows a deadline, so a late or skipped tick (a throttled background tab, a slow
  // phone) never stretches the 60 s.
  const [resendAt, setResendAt] = useState(() => Date.now() + seconds * 1000);
  const [secondsLeft, setSecondsLeft] = useState(seconds);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(
      () => setSecondsLeft(Math.max(0, Math.ceil((resendAt - Date.now()) / 1000))),
      Math.min(1000, Math.max(0, resendAt - Date.now() - (secondsLeft - 1) * 1000)),
    );
    return () => clearTimeout(timer);
  }, [secondsLeft, resendAt]);

  const restart = (wait: number) => {
    setResendAt(Date.now() + wait * 1000);
    setSecondsLeft(wait);
  };
  return { secondsLeft, restart };
}

/**
 * What a refused code (or resend) does: 2003 counts an attempt down, 2002 locks, 4001 and 400 say so and close
 * the dialog after 11 s, 502 says the limit and closes it at once; anything else is said.
 */
function useOtpFailure({
  closeRef,
  onInvalidUser,
  longToasts,
}: {
  closeRef: RefObject<() => void>;
  onInvalidUser: ((message: string) => void) | undefined;
  longToasts: boolean;
}) {
  const { t } = useTranslation();
  const [attemptsLeft, setAttemptsLeft] = useState(OTP_ATTEMPTS);
  const [failure, setFailure] = useState<Failure>(undefined);
  const [closing, setClosing] = useState(false);

  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(() => closeRef.current(), CLOSE_AFTER_FAILURE_MS);
    return () => clearTimeout(timer);
  }, [closing, closeRef]);

  const fail = useCallback(
    (error: unknown) => {
      const code = error instanceof ApiError ? error.statusCode : '';
      const message = errorMessage(error);
      switch (code) {
        case ERROR_CODES.otpWrong: {
          const left = Math.max(0, attemptsLeft - 1);
          setAttemptsLeft(left);
          setFailure(
            left > 0
              ? { message: t('otp.wrong'), attempts: left }
              : { message: t('otp.exhausted'), attempts: 0 },
          );
          break;
        }
        case ERROR_CODES.otpExhausted:
          setAttemptsLeft(0);
          setFailure({ message: t('otp.exhausted'), attempts: 0 });
          break;
        case ERROR_CODES.invalidUser:
          onInvalidUser?.(message);
          setFailure({ message });
          setClosing(true);
          break;
        case ERROR_CODES.badRequest:
          showToast({ message, long: longToasts });
          setFailure({ message });
          setClosing(true);
          break;
        case ERROR_CODES.otpLimit:
          showToast({ message: otpLimitText(t, error), long: longToasts });
          closeRef.current();
          break;
        default:
          setFailure({ message });
      }
    },
    [attemptsLeft, closeRef, onInvalidUser, longToasts, t],
  );

  /** A new code: five attempts again, and nothing refused yet. */
  const restart = () => {
    setAttemptsLeft(OTP_ATTEMPTS);
    setFailure(undefined);
  };

  const clear = () => setFailure(undefined);
  return { failure, locked: attemptsLeft <= 0, closing, fail, clear, restart };
}
