import { useTranslation } from 'react-i18next';
import { trackEvent } from '@/lib/analytics';
import { OtpDialog } from '@/domain/otp/otp-dialog';
import { resendOtp, verifyOtp, type OtpChallenge } from '@/domain/otp/otp-api';

type LeadOtpDialogProps = {
  open: boolean;
  /** The code sent to the lead's number (a resend replaces it). */
  challenge: OtpChallenge | undefined;
  onChallenge: (challenge: OtpChallenge) => void;
  /** The number the code was sent to, which the dialog names. */
  msisdn: string;
  onClose: () => void;
  /** The code was right: the lead goes with the code's proof. */
  onVerified: (uniqueCode: string) => void;
};

/** The broadband lead's one-time-code dialog. */
export function LeadOtpDialog({
  open,
  challenge,
  onChallenge,
  msisdn,
  onClose,
  onVerified,
}: LeadOtpDialogProps) {
  const { t } = useTranslation();
  return (
    <OtpDialog
      open={open}
      title={t('hbb.otp.title')}
      recipient={challenge?.otpRecipient}
      resendAfterSeconds={challenge?.resendAfterSeconds}
      onClose={onClose}
      onVerify={async (code) => {
        if (!challenge) return;
        const verified = await verifyOtp(challenge.otpId, code);
        trackEvent('hbb_otp_verified');
        onVerified(verified.uniqueCode);
      }}
      onResend={async () => {
        if (!challenge) return undefined;
        const again = await resendOtp(challenge.otpId);
        onChallenge(again);
        return again;
      }}
    >
      <p className="hbb-otp__intro">{t('hbb.otp.intro', { msisdn })}</p>
    </OtpDialog>
  );
}
