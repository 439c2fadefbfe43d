import { useTranslation } from 'react-i18next';
import type { OtpChallenge } from '@/domain/otp/otp-api';
import { OtpDialog } from '@/domain/otp/otp-dialog';

/** What a payment flow that asks for the payer's one-time code hands its code dialog. */
type CodeFlow = {
  step: string;
  challenge: OtpChallenge | undefined;
  verifyCode: (code: string) => Promise<void>;
  resend: () => Promise<OtpChallenge | undefined>;
  close: () => void;
};

/** The payer's code dialog of a payment (airtime, PIN wallets): open at the flow's 'otp' step. */
export function PaymentOtpDialog({ flow }: { flow: CodeFlow }) {
  const { t } = useTranslation();
  return (
    <OtpDialog
      open={flow.step === 'otp'}
      title={t('payment.otpTitle')}
      recipient={flow.challenge?.otpRecipient}
      resendAfterSeconds={flow.challenge?.resendAfterSeconds}
      onVerify={flow.verifyCode}
      onResend={flow.resend}
      onClose={flow.close}
      longToasts
    />
  );
}
