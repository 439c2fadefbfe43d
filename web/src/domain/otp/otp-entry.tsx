import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OTP_LENGTH } from '@portal/contract/rules';
import { OtpInput } from '@/ui/otp-input';
import { usePageCatalogue } from '@/lib/use-page-catalogue';
import { unavailableWhen } from '@/ui/unavailable';
import { AttemptsLeft } from './attempts-left';
import './otp-entry.css';
import { CLOSE_AFTER_FAILURE_MS, useOtpEntry, type Failure, type OtpEntryHandlers } from './use-otp-entry';

export type OtpEntryProps = OtpEntryHandlers & {
  /** Masked number the code went to ('802****001'). */
  recipient?: string;
  /** A submit button (e.g. 'Get Outstanding'), enabled only when every box is filled. */
  submitLabel?: string;
  /** The last box verifies by itself (spec §4); on by default. */
  autoSubmit?: boolean;
  children?: ReactNode;
};

/**
 * The one-time-code entry of spec §4 "OTP entry" and §8: six boxes, the sixth digit verifies; 2003 wrong code
 * ('Please enter correct OTP', ATTEMPTS LEFT counting down from 5); 2002 exhausted ('Maximum attempts
 * exhausted.', locked); 4001 invalid user (message to the parent, closes after 11 s); 400 (message, closes
 * after 11 s); 502 ('max limit exhausted, please try after sometime.', closes). Resend is offered after a
 * 60 s countdown and gives five attempts again.
 */
export function OtpEntry({
  recipient,
  submitLabel,
  autoSubmit = true,
  children,
  ...handlers
}: OtpEntryProps) {
  const { t } = useTranslation();
  usePageCatalogue();
  const id = useId();
  const entry = useOtpEntry(handlers);
  const { code, failure, busy, locked, closing } = entry;

  const errorId = `${id}-error`;
  return (
    <div className="otp-entry">
      {children}
      <p className="otp-entry__lead">
        {recipient ? t('otp.sentTo', { recipient }) : t('otp.enterCode', { length: OTP_LENGTH })}
      </p>
      <OtpInput
        value={code}
        onChange={entry.setCode}
        onComplete={autoSubmit ? (value) => void entry.verify(value) : undefined}
        disabled={busy || locked || closing}
        autoFocus
        invalid={Boolean(failure)}
        describedBy={failure ? errorId : undefined}
      />
      <OtpStatus id={errorId} failure={failure} closing={closing} />
      {busy ? <p className="otp-entry__hint">{t('otp.verifying')}</p> : null}
      <div className="otp-entry__actions">
        <button
          type="button"
          className="button button--ghost otp-entry__resend"
          {...unavailableWhen(entry.secondsLeft > 0 || busy || closing, () => void entry.resend())}
        >
          {entry.secondsLeft > 0 ? t('otp.resendIn', { seconds: entry.secondsLeft }) : t('otp.resend')}
        </button>
        {submitLabel ? (
          <button
            type="button"
            className="button"
            {...unavailableWhen(
              code.length !== OTP_LENGTH || busy || locked || closing,
              () => void entry.verify(code),
            )}
          >
            {submitLabel}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** What the server refused, said at once (the boxes point to it): the attempts left, and the dialog closing. */
function OtpStatus({ id, failure, closing }: { id: string; failure: Failure; closing: boolean }) {
  const { t } = useTranslation();
  return (
    <div id={id} className="otp-entry__status" role="alert" aria-live="assertive">
      {failure ? (
        <>
          <p className="otp-entry__error">{failure.message}</p>
          {failure.attempts !== undefined ? (
            <AttemptsLeft className="otp-entry__attempts" count={failure.attempts} />
          ) : null}
          {closing ? (
            <p className="otp-entry__hint">{t('otp.closing', { seconds: CLOSE_AFTER_FAILURE_MS / 1000 })}</p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
