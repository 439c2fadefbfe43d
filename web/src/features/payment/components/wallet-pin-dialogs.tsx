import { useConfig } from '@/lib/config';
import type { usePinPayment } from '../hooks/use-pin-payment';
import { PinDialog } from './pin-dialog';
import { PaymentOtpDialog } from './payment-otp-dialog';

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
  const config = useConfig().data;
  return (
    <>
      <PaymentOtpDialog flow={flow} />
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
