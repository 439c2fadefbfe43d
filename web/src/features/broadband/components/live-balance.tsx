import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BalanceEntry } from '@portal/contract/api/bills';
import { trackEvent } from '@/lib/analytics';
import { OtpDialog } from '@/domain/otp/otp-dialog';
import { resendOtp, verifyOtp } from '@/domain/otp/otp-api';
import { codeSendFailureText } from '@/domain/otp/otp-limit';
import { showToast } from '@/ui/toast';
import { queryBroadbandBalance } from '../api/query-balance';
import { BalanceModal } from './balance-modal';

type Challenge = { txnRefId: string; otpRecipient: string; resendAfterSeconds: number };

/**
 * 'Fetch your Data Balance' on the live page: a one-time code to the device's number, a dialog for it, then
 * the balances in a popup. `fetch` sends the code; `dialogs` are the code's dialog and the balances' popup.
 */
export function useLiveBalance(msisdn: string) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [challenge, setChallenge] = useState<Challenge | undefined>(undefined);
  const [balances, setBalances] = useState<BalanceEntry[] | undefined>(undefined);

  const fetch = async () => {
    setSending(true);
    try {
      const sent = await queryBroadbandBalance({ msisdn });
      setChallenge({
        txnRefId: sent.txnRefId ?? '',
        otpRecipient: sent.otpRecipient ?? '',
        resendAfterSeconds: sent.resendAfterSeconds ?? 60,
      });
      trackEvent('broadband_balance_otp_sent');
    } catch (error) {
      showToast({ message: codeSendFailureText(t, error) });
    } finally {
      setSending(false);
    }
  };

  const dialogs = (
    <>
      <OtpDialog
        open={challenge !== undefined}
        title={t('broadband.otpTitle')}
        recipient={challenge?.otpRecipient}
        resendAfterSeconds={challenge?.resendAfterSeconds}
        onClose={() => setChallenge(undefined)}
        onVerify={async (code) => {
          const { uniqueCode } = await verifyOtp(challenge?.txnRefId ?? '', code);
          const result = await queryBroadbandBalance({ msisdn, uniqueCode });
          setChallenge(undefined);
          setBalances(result.queryBalanceResult ?? []);
          trackEvent('broadband_balance_shown');
        }}
        onResend={async () => {
          if (!challenge) return undefined;
          const again = await resendOtp(challenge.txnRefId);
          setChallenge({
            ...challenge,
            otpRecipient: again.otpRecipient,
            resendAfterSeconds: again.resendAfterSeconds,
          });
          return again;
        }}
      />
      <BalanceModal balances={balances} onClose={() => setBalances(undefined)} />
    </>
  );

  return { sending, fetch, forget: () => setBalances(undefined), dialogs };
}
