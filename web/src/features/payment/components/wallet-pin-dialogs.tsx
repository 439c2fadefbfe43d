import { useTranslation } from 'react-i18next';
import { useConfig } from '@/lib/config';
import { OtpDialog } from '@/domain/otp/otp-dialog';
import type { usePinPayment } from '../hooks/use-pin-payment';
import { PinDialog } from './pin-dialog';

/** The code dialog and then the PIN dialog of a PIN payment (mobile money with PIN, SmartCash). */
export function WalletPinDialogs({
  flow,
  wallet,
  amount,
}: {
  flow: ReturnType<typeof usePinPayment>;
  wallet: string;
  amount: string;
}) {
  const { t } = useTranslation();
  const config = useConfig().data;
  return (
    <>
      <OtpDialog
        open={flow.step === 'otp'}
        title={t('payment.otpTitle')}
        recipient={flow.challenge?.otpRecipient}
        resendAfterSeconds={flow.challenge?.resendAfterSeconds}
        onVerify={flow.verifyCode}
        onResend={flow.resend}
        onClose={flow.close}
      />
      <PinDialog
        open={flow.step === 'pin'}
        wallet={wallet}
        amount={amount}
        busy={flow.busy}
        notice={flow.notice}
        attemptsLeft={flow.attemptsLeft}
        customerCareNumber={config?.customerCareNumber ?? ''}
        pinResetDial={config?.pinResetDial ?? ''}
        onSubmit={(pin) => void flow.submitPin(pin)}
        onClose={flow.close}
      />
    </>
  );
}
