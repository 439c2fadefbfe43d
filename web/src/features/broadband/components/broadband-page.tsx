import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MSISDN_LENGTH, digitsOnly } from '@portal/contract/rules';
import type { BalanceEntry } from '@portal/contract/api/bills';
import { errorMessage, isOtpLimit } from '@/lib/api';
import { trackEvent } from '@/lib/analytics';
import { BundleList } from '@/domain/bundles/bundle-list';
import { journeyPage } from '@/ui/journey-page';
import { MsisdnField, lineAccepted, useLineCheck } from '@/domain/number-check/msisdn-field';
import { OtpDialog } from '@/domain/otp/otp-dialog';
import { resendOtp, verifyOtp } from '@/domain/otp/otp-api';
import { showToast } from '@/ui/toast';
import { queryBroadbandBalance } from '../api/query-balance';
import { BalanceModal } from './balance-modal';
import { HomeBroadbandLink } from '@/ui/home-broadband-link';
import { JourneyUssd } from '@/ui/journey-ussd';
import { useConfig } from '@/lib/config';
import './broadband.css';
import { BROADBAND_PATH } from '@/lib/journey-paths';

export const BROADBAND_RECHARGE_TYPE = 'Broadband Recharge';
const LINE_TYPES = ['PREPAID', 'POSTPAID', 'HYBRID'] as const;

type Challenge = { txnRefId: string; otpRecipient: string; resendAfterSeconds: number };

/**
 * /broadband-recharge (spec §2): the router or MiFi number, 'Fetch your Data Balance' (a one-time code goes to
 * the device), the active-bundle popup, then the plans of the bundle list.
 */
export const BroadbandPage = journeyPage(Broadband);

function Broadband() {
  const { t } = useTranslation();
  const { data: config } = useConfig();
  const [params] = useSearchParams();
  const [msisdn, setMsisdn] = useState(() => digitsOnly(params.get('msisdn') ?? '', MSISDN_LENGTH));
  const check = useLineCheck(msisdn, { requestType: 'BROADBAND_RECHARGE', checkIfBroadband: true });
  const lineOk = lineAccepted(check, LINE_TYPES);
  const [sending, setSending] = useState(false);
  const [challenge, setChallenge] = useState<Challenge | undefined>(undefined);
  const [balances, setBalances] = useState<BalanceEntry[] | undefined>(undefined);

  const fetchBalance = async () => {
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
      showToast({ message: isOtpLimit(error) ? t('otp.maxLimit') : errorMessage(error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="page container broadband" aria-labelledby="broadband-title">
      <h1 id="broadband-title" className="page__title">
        {t('broadband.title')}
      </h1>
      <p className="page__lead">{t('broadband.subtitle')}</p>
      <div className="card broadband__form">
        <MsisdnField
          value={msisdn}
          onChange={(value) => {
            setMsisdn(value);
            setBalances(undefined);
          }}
          check={check}
          expected={LINE_TYPES}
          hint={t('broadband.numberHint')}
        />
        <button
          type="button"
          className="button button--block"
          disabled={!lineOk || sending}
          onClick={() => void fetchBalance()}
        >
          {t('broadband.fetchBalance')}
        </button>
      </div>
      {lineOk ? (
        <BundleList
          msisdn={msisdn}
          lineType={check.lineType}
          redirectPage={BROADBAND_PATH}
          rechargeType={BROADBAND_RECHARGE_TYPE}
          broadband
        />
      ) : null}
      <OtpDialog
        open={challenge !== undefined}
        title={t('broadband.otpTitle')}
        recipient={challenge?.otpRecipient}
        resendAfterSeconds={challenge?.resendAfterSeconds}
        onClose={() => setChallenge(undefined)}
        onVerify={async (code) => {
          const txnRefId = challenge?.txnRefId ?? '';
          const { uniqueCode } = await verifyOtp(txnRefId, code);
          const result = await queryBroadbandBalance({ msisdn, uniqueCode });
          setChallenge(undefined);
          setBalances(result.queryBalanceResult ?? []);
          trackEvent('broadband_balance_shown');
        }}
        onResend={async () => {
          if (!challenge) return;
          const again = await resendOtp(challenge.txnRefId);
          setChallenge({
            ...challenge,
            otpRecipient: again.otpRecipient,
            resendAfterSeconds: again.resendAfterSeconds,
          });
        }}
      />
      <BalanceModal balances={balances} onClose={() => setBalances(undefined)} />
      <JourneyUssd config={config} jobs={['buyData', 'checkBalance']} />
      <HomeBroadbandLink />
    </section>
  );
}
