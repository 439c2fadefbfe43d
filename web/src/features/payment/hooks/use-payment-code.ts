import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackEvent } from '@/lib/analytics';
import { resendOtp, sendOtp, type OtpChallenge } from '@/domain/otp/otp-api';
import { showToast } from '@/ui/toast';
import { codeSendFailureText } from '@/domain/otp/otp-limit';

/**
 * The payer's one-time code, the first step of the airtime and the PIN payments alike: sent bound to the
 * amount (its token can authorise this payment and no other), sent again on request, and a refusal told
 * in a toast (the daily limit in its own words).
 */
export function usePaymentCode(method: string) {
  const { t } = useTranslation();
  const [challenge, setChallenge] = useState<OtpChallenge | undefined>(undefined);

  /** Sends the code; true when it went out. */
  const send = async (payer: string, amount: number) => {
    try {
      trackEvent('payment_otp_send', { method });
      setChallenge(await sendOtp({ msisdn: payer, amount }));
      return true;
    } catch (error) {
      showToast({ message: codeSendFailureText(t, error), long: true });
      return false;
    }
  };

  const resend = async () => {
    if (!challenge) return undefined;
    const again = await resendOtp(challenge.otpId);
    setChallenge(again);
    return again;
  };

  return { challenge, send, resend, clear: () => setChallenge(undefined) };
}
