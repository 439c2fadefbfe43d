import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { LEAD_NOT_FEASIBLE_REDIRECT_MS, LEAD_SUCCESS_REDIRECT_MS } from '@portal/contract/forms';
import type { SubmitLeadResult } from '@portal/contract/api/leads';
import { useLocalePath } from '@/lib/language';
import type { OtpChallenge } from '@/domain/otp/otp-api';
import { useRedirectCountdown } from '../hooks/use-redirect-countdown';
import { LeadOtpDialog } from './lead-otp-dialog';
import { LeadSuccessModal, NotAvailableModal } from './lead-outcome-modals';
import { useSendLeadOtp } from './use-send-lead-otp';
import { useSubmitLead, type LeadPhase, type SubmittedLead } from './use-submit-lead';

export type LeadSubmissionProps = SubmittedLead & {
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
  const { details, redirectUrl, onCancel } = props;
  const [phase, setPhase] = useState<LeadPhase>('sending');
  const [challenge, setChallenge] = useState<OtpChallenge | undefined>();
  const [result, setResult] = useState<SubmitLeadResult | undefined>();
  const cancelRef = useRef(onCancel);
  cancelRef.current = onCancel;
  const cancel = () => cancelRef.current();

  useSendLeadOtp(
    details,
    (sent) => {
      setChallenge(sent);
      setPhase('otp');
    },
    cancelRef,
  );
  const submit = useSubmitLead(props, { setPhase, setResult, cancel });
  const { goBack, secondsLeft } = useLeadRedirects(phase, result, redirectUrl);

  return (
    <>
      <LeadOtpDialog
        open={phase === 'otp' && challenge !== undefined}
        challenge={challenge}
        onChallenge={setChallenge}
        msisdn={details.contactNumber}
        onClose={cancel}
        onVerified={(uniqueCode) => void submit(uniqueCode)}
      />
      <LeadSuccessModal open={phase === 'success'} result={result} />
      <NotAvailableModal
        open={phase === 'notAvailable'}
        town={details.town}
        leadId={result?.refLeadId}
        secondsLeft={secondsLeft}
        onExplore={goBack}
      />
    </>
  );
}

/**
 * Where the page goes by itself: after the success modal, to the payment (or, already paid, to the lead's
 * status); after the not-available one, to the stored redirect url, which its button also opens at once.
 */
function useLeadRedirects(phase: LeadPhase, result: SubmitLeadResult | undefined, redirectUrl: string) {
  const navigate = useNavigate();
  const localePath = useLocalePath();
  useRedirectCountdown(phase === 'success', LEAD_SUCCESS_REDIRECT_MS, () => {
    if (!result) return;
    void navigate(
      result.status === 'PAID'
        ? `${localePath('/hbb-lead-status')}?id=${encodeURIComponent(result.refLeadId)}`
        : localePath('/payment/start'),
    );
  });
  const goBack = () => void navigate(localePath(redirectUrl));
  const secondsLeft = useRedirectCountdown(phase === 'notAvailable', LEAD_NOT_FEASIBLE_REDIRECT_MS, goBack);
  return { goBack, secondsLeft };
}
