import { ERROR_CODES } from '@portal/contract/error-codes';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OTP_ATTEMPTS, OTP_LENGTH } from '@portal/contract/rules';
import { ApiError, errorMessage } from '@/lib/api';
import { OtpInput } from '@/ui/otp-input';
import { showToast } from '@/ui/toast';
import { usePageCatalogue } from '@/lib/use-page-catalogue';
import { unavailableWhen } from '@/ui/unavailable';
import { AttemptsLeft } from './attempts-left';
import './otp-entry.css';
import { otpLimitText } from './otp-limit';

/** Spec §9: resend after 60 s; a failed dialog closes 11 s after the message. */
export const RESEND_SECONDS = 60;
export const CLOSE_AFTER_FAILURE_MS = 11_000;

export type OtpEntryProps = {
  /** Masked number the code went to ('802****001'). */
  recipient?: string;
  /** Verifies a complete code; rejects with the ApiError of the server on failure. */
  onVerify: (code: string) => Promise<void>;
  /** Sends a new code for the same challenge; answers the server's wait before the next one, if it said. */
  onResend: () => Promise<{ resendAfterSeconds?: number } | undefined>;
  /** Asks the parent to close the dialog (after a 502, or 11 s after a 4001/400). */
  onRequestClose: () => void;
  /** 4001 invalid user: the message goes to the parent too. */
  onInvalidUser?: (message: string) => void;
  /** A submit button (e.g. 'Get Outstanding'), enabled only when every box is filled. */
  submitLabel?: string;
  /** The last box verifies by itself (spec §4); on by default. */
  autoSubmit?: boolean;
  /** Seconds before the first resend (the server's resendAfterSeconds: 60, or longer when it would refuse one). */
  resendAfterSeconds?: number;
  /** In a payment flow its toasts stay 10 s (spec §2), as the flow's own do. */
  longToasts?: boolean;
  children?: ReactNode;
};

type Failure = { message: string; attempts?: number } | undefined;

/**
 * The one-time-code entry of spec §4 "OTP entry" and §8: six boxes, the sixth digit verifies; 2003 wrong code
 * ('Please enter correct OTP', ATTEMPTS LEFT counting down from 5); 2002 exhausted ('Maximum attempts
 * exhausted.', locked); 4001 invalid user (message to the parent, closes after 11 s); 400 (message, closes
 * after 11 s); 502 ('max limit exhausted, please try after sometime.', closes). Resend is offered after a
 * 60 s countdown and gives five attempts again.
 */
export function OtpEntry({
  recipient,
  onVerify,
  onResend,
  onRequestClose,
  onInvalidUser,
  submitLabel,
  autoSubmit = true,
  resendAfterSeconds = RESEND_SECONDS,
  longToasts = false,
  children,
}: OtpEntryProps) {
  const { t } = useTranslation();
  usePageCatalogue();
  const id = useId();
  const [code, setCode] = useState('');
  const [attemptsLeft, setAttemptsLeft] = useState(OTP_ATTEMPTS);
  const [failure, setFailure] = useState<Failure>(undefined);
  const [busy, setBusy] = useState(false);
  const [closing, setClosing] = useState(false);
  // The countdown follows a deadline, so a late or skipped tick (a throttled background tab, a slow
  // phone) never stretches the 60 s.
  const [resendAt, setResendAt] = useState(() => Date.now() + resendAfterSeconds * 1000);
  const [secondsLeft, setSecondsLeft] = useState(resendAfterSeconds);
  const inFlight = useRef(false);
  const closeRef = useRef(onRequestClose);
  closeRef.current = onRequestClose;

  const locked = attemptsLeft <= 0;

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(
      () => setSecondsLeft(Math.max(0, Math.ceil((resendAt - Date.now()) / 1000))),
      Math.min(1000, Math.max(0, resendAt - Date.now() - (secondsLeft - 1) * 1000)),
    );
    return () => clearTimeout(timer);
  }, [secondsLeft, resendAt]);

  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(() => closeRef.current(), CLOSE_AFTER_FAILURE_MS);
    return () => clearTimeout(timer);
  }, [closing]);

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
    [attemptsLeft, onInvalidUser, longToasts, t],
  );

  const verify = async (value: string) => {
    if (inFlight.current || locked || closing || value.length !== OTP_LENGTH) return;
    inFlight.current = true;
    setBusy(true);
    setFailure(undefined);
    try {
      await onVerify(value);
    } catch (error) {
      fail(error);
      setCode('');
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const resend = async () => {
    if (secondsLeft > 0 || inFlight.current || closing) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const wait = (await onResend())?.resendAfterSeconds ?? resendAfterSeconds;
      setAttemptsLeft(OTP_ATTEMPTS);
      setFailure(undefined);
      setCode('');
      setResendAt(Date.now() + wait * 1000);
      setSecondsLeft(wait);
    } catch (error) {
      fail(error);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const errorId = `${id}-error`;
  return (
    <div className="otp-entry">
      {children}
      <p className="otp-entry__lead">
        {recipient ? t('otp.sentTo', { recipient }) : t('otp.enterCode', { length: OTP_LENGTH })}
      </p>
      <OtpInput
        value={code}
        onChange={setCode}
        onComplete={autoSubmit ? (value) => void verify(value) : undefined}
        disabled={busy || locked || closing}
        autoFocus
        invalid={Boolean(failure)}
        describedBy={failure ? errorId : undefined}
      />
      <div id={errorId} className="otp-entry__status" role="alert" aria-live="assertive">
        {failure ? (
          <>
            <p className="otp-entry__error">{failure.message}</p>
            {failure.attempts !== undefined ? (
              <AttemptsLeft className="otp-entry__attempts" count={failure.attempts} />
            ) : null}
            {closing ? (
              <p className="otp-entry__hint">
                {t('otp.closing', { seconds: CLOSE_AFTER_FAILURE_MS / 1000 })}
              </p>
            ) : null}
          </>
        ) : null}
      </div>
      {busy ? <p className="otp-entry__hint">{t('otp.verifying')}</p> : null}
      <div className="otp-entry__actions">
        <button
          type="button"
          className="button button--ghost otp-entry__resend"
          {...unavailableWhen(secondsLeft > 0 || busy || closing, () => void resend())}
        >
          {secondsLeft > 0 ? t('otp.resendIn', { seconds: secondsLeft }) : t('otp.resend')}
        </button>
        {submitLabel ? (
          <button
            type="button"
            className="button"
            {...unavailableWhen(
              code.length !== OTP_LENGTH || busy || locked || closing,
              () => void verify(code),
            )}
          >
            {submitLabel}
          </button>
        ) : null}
      </div>
    </div>
  );
}
