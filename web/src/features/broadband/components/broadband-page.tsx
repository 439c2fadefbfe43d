import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { typedMobileNumber } from '@portal/contract/rules';
import type { BalanceEntry } from '@portal/contract/api/bills';
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
import { serverError, useFormResult, useNumberFromFormOrQuery } from '@/lib/form-result';
import { useLocalePath } from '@/lib/language';
import { WithoutScript } from '@/ui/without-script';
import {
  BROADBAND_LINE_CHECK,
  BROADBAND_LINE_TYPES as LINE_TYPES,
  BROADBAND_RECHARGE_TYPE,
} from '../utils/broadband-rules';
import { unavailableWhen, useHeldPress } from '@/ui/unavailable';
import { HeldPressStatus } from '@/ui/held-press-status';
import './broadband.css';
import { BROADBAND_PATH } from '@/lib/journey-paths';
import { codeSendFailureText } from '@/domain/otp/otp-limit';

type Challenge = { txnRefId: string; otpRecipient: string; resendAfterSeconds: number };

/**
 * /broadband-recharge (spec §2): the router or MiFi number, 'Fetch your Data Balance' (a one-time code goes to
 * the device), the active-bundle popup, then the plans of the bundle list. Without JavaScript the number is a
 * plain form: the server checks it and answers with the plans, and a plan bought opens the payment page; the
 * balance, which needs a one-time code in a dialog, is for scripted browsers only.
 */
export const BroadbandPage = journeyPage(Broadband);

function Broadband() {
  const { t } = useTranslation();
  const { data: config } = useConfig();
  const localePath = useLocalePath();
  // A plain form sent to the server comes back with the number (and its plans, once accepted).
  const result = useFormResult();
  const [msisdn, setMsisdn] = useState(useNumberFromFormOrQuery(result, 'msisdn', typedMobileNumber));
  const check = useLineCheck(msisdn, BROADBAND_LINE_CHECK);
  const lineOk = lineAccepted(check, LINE_TYPES);
  // A press while the number is checked (seconds on a slow network) waits for the check, not dropped.
  const press = useHeldPress(check.status === 'pending', msisdn);
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
      showToast({ message: codeSendFailureText(t, error) });
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
      {/* With JavaScript the plans follow the number; without, the form asks the server for them. */}
      <form method="post" action={localePath(BROADBAND_PATH)} onSubmit={(event) => event.preventDefault()}>
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
            serverError={serverError(result, 'msisdn', msisdn)}
          />
          <WithoutScript>
            <button type="submit" className="button button--block">
              {t('dataBundle.showBundles')}
            </button>
          </WithoutScript>
          <button
            type="button"
            className="button button--block js-only"
            {...unavailableWhen(!lineOk || sending, () => void fetchBalance(), press)}
          >
            {t('broadband.fetchBalance')}
          </button>
          <HeldPressStatus press={press} label={t('journey.checkingNumber')} />
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
      </form>
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
      <JourneyUssd config={config} jobs={['buyData', 'checkBalance']} />
      <HomeBroadbandLink />
    </section>
  );
}
