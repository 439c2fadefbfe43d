import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  isTownFeasible,
  LEAD_NOT_FEASIBLE_REDIRECT_MS,
  LEAD_SUCCESS_REDIRECT_MS,
  type CityEntry,
} from '@portal/contract/forms';
import type { HbbOffer, HbbPlan, SubmitLeadResult } from '@portal/contract/api/leads';
import { ApiError, errorMessage } from '@/lib/api';
import { trackEvent } from '@/lib/analytics';
import { useLocalePath } from '@/lib/language';
import { useConfig } from '@/lib/config';
import { holdLoading } from '@/lib/loading';
import { savePurchaseContext, updatePurchaseContext } from '@/lib/purchase-context';
import { Modal } from '@/ui/modal';
import { OtpDialog } from '@/domain/otp/otp-dialog';
import { resendOtp, verifyOtp, type OtpChallenge } from '@/domain/otp/otp-api';
import { showToast } from '@/ui/toast';
import { sendLeadOtp, submitLead } from '../api/lead-calls';
import { useRedirectCountdown } from '../hooks/use-redirect-countdown';
import type { Located } from '../utils/geocode';
import { leadPayload, leadPurchaseContext, type LeadDetails } from '../utils/lead';
import { setSalesWorks } from '../utils/session';

type Phase = 'sending' | 'otp' | 'submitting' | 'success' | 'notAvailable';

export type LeadSubmissionProps = {
  details: LeadDetails;
  plan: HbbPlan;
  offer: HbbOffer;
  located: Located & { point: { lat: number; lng: number } };
  lineType: string;
  formId: string | undefined;
  cities: readonly CityEntry[];
  language: string;
  /** Where 'Explore other Products' and the not-available redirect go. */
  redirectUrl: string;
  /** Back to the map (the code dialog was closed, a call failed): nothing is lost. */
  onCancel: () => void;
};

/**
 * Spec §4 "Broadband lead", from the confirmed address on: send the one-time code, verify it, check the
 * town's feasibility, then either (feasible) save the purchase context, submit the lead, store the lead id,
 * show 'Congratulations! Service is available in your area!' and open /payment/start after 3 s, or (not
 * feasible) still submit the lead, show 'Thank you!' and go to the stored redirect url after 6 s. A max-limit
 * error resets the code dialog; feasible without a lead id is 'Something Went Wrong!'.
 */
export function LeadSubmission(props: LeadSubmissionProps) {
  const { details, plan, offer, located, lineType, formId, cities, language, redirectUrl, onCancel } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const config = useConfig().data;
  const [phase, setPhase] = useState<Phase>('sending');
  const [challenge, setChallenge] = useState<OtpChallenge | undefined>();
  const [result, setResult] = useState<SubmitLeadResult | undefined>();
  const started = useRef(false);
  const cancelRef = useRef(onCancel);
  cancelRef.current = onCancel;

  useEffect(() => {
    // Once per confirmed address (React may run effects twice in development).
    if (started.current) return;
    started.current = true;
    const release = holdLoading();
    sendLeadOtp({ msisdn: details.contactNumber, email: details.email, fullName: details.fullName })
      .then((sent) => {
        trackEvent('hbb_otp_sent');
        setChallenge(sent);
        setPhase('otp');
      })
      .catch((error: unknown) => {
        // 502 'max limit exhausted, please try after sometime.' and any other failure: back to the map.
        showToast({ message: errorMessage(error) });
        cancelRef.current();
      })
      .finally(release);
  }, [details]);

  const submit = async (uniqueCode: string) => {
    setPhase('submitting');
    const feasible = isTownFeasible(cities, details.town);
    trackEvent('hbb_feasibility', { feasible });
    if (feasible) {
      savePurchaseContext(
        leadPurchaseContext({
          details,
          plan,
          offer,
          rechargeType: t('hbb.rechargeType'),
          redirectPage: '/hbb-lead',
        }),
      );
    }
    const release = holdLoading();
    try {
      const answer = await submitLead(
        leadPayload({
          details,
          plan,
          located,
          uniqueCode,
          lineType,
          feasible,
          deviceId: offer.device.id,
          formId,
          language,
          country: config?.countryName ?? '',
        }),
      );
      trackEvent('hbb_lead_submitted', { feasible: answer.feasibility, duplicate: answer.duplicate });
      if (!answer.feasibility) {
        setResult(answer);
        setPhase('notAvailable');
        return;
      }
      if (!answer.refLeadId) {
        showToast({ message: t('hbb.somethingWrong') });
        cancelRef.current();
        return;
      }
      setSalesWorks(answer.refLeadId);
      // After paying, Return on the status page leads to the lead's own status.
      updatePurchaseContext({
        redirectPage: `/hbb-lead-status?id=${encodeURIComponent(answer.refLeadId)}`,
      });
      setResult(answer);
      setPhase('success');
    } catch (error) {
      trackEvent('hbb_lead_failed', { errorCode: error instanceof ApiError ? error.statusCode : 'unknown' });
      showToast({ message: errorMessage(error) });
      cancelRef.current();
    } finally {
      release();
    }
  };

  const paid = result?.status === 'PAID';
  useRedirectCountdown(phase === 'success', LEAD_SUCCESS_REDIRECT_MS, () => {
    if (!result) return;
    void navigate(
      paid
        ? `${localePath('/hbb-lead-status')}?id=${encodeURIComponent(result.refLeadId)}`
        : localePath('/payment/start'),
    );
  });
  const goBack = () => void navigate(localePath(redirectUrl));
  const secondsLeft = useRedirectCountdown(phase === 'notAvailable', LEAD_NOT_FEASIBLE_REDIRECT_MS, goBack);

  return (
    <>
      <OtpDialog
        open={phase === 'otp' && challenge !== undefined}
        title={t('hbb.otp.title')}
        recipient={challenge?.otpRecipient}
        resendAfterSeconds={challenge?.resendAfterSeconds}
        onClose={() => cancelRef.current()}
        onVerify={async (code) => {
          if (!challenge) return;
          const verified = await verifyOtp(challenge.otpId, code);
          trackEvent('hbb_otp_verified');
          void submit(verified.uniqueCode);
        }}
        onResend={async () => {
          if (!challenge) return undefined;
          const again = await resendOtp(challenge.otpId);
          setChallenge(again);
          return again;
        }}
      >
        <p className="hbb-otp__intro">{t('hbb.otp.intro', { msisdn: details.contactNumber })}</p>
      </OtpDialog>
      <Modal open={phase === 'success'} title={t('hbb.success.title')} closable={false}>
        <p>
          {paid
            ? t('hbb.success.alreadyPaid', { leadId: result?.refLeadId })
            : t('hbb.success.body', { leadId: result?.refLeadId })}
        </p>
      </Modal>
      <Modal open={phase === 'notAvailable'} title={t('hbb.notAvailable.title')} closable={false}>
        <p>{t('hbb.notAvailable.body', { town: details.town, leadId: result?.refLeadId })}</p>
        <p className="hbb-muted">{t('hbb.notAvailable.redirect', { seconds: secondsLeft })}</p>
        <div className="hbb-actions">
          <button type="button" className="button" autoFocus onClick={goBack}>
            {t('hbb.notAvailable.explore')}
          </button>
        </div>
      </Modal>
    </>
  );
}
