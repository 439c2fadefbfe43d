import { useEffect, useRef } from 'react';
import { errorMessage } from '@/lib/api';
import { trackEvent } from '@/lib/analytics';
import { holdLoading } from '@/lib/loading';
import type { OtpChallenge } from '@/domain/otp/otp-api';
import { showToast } from '@/ui/toast';
import { sendLeadOtp } from '../api/lead-calls';
import type { LeadDetails } from '../utils/lead';

/**
 * Sends the one-time code to the lead's number when the address is confirmed. 502 'max limit exhausted,
 * please try after sometime.' and any other failure go back to the map (`cancelRef`, the latest onCancel).
 */
export function useSendLeadOtp(
  details: LeadDetails,
  onSent: (challenge: OtpChallenge) => void,
  cancelRef: { current: () => void },
) {
  const started = useRef(false);
  const sentRef = useRef(onSent);
  sentRef.current = onSent;

  useEffect(() => {
    // Once per confirmed address (React may run effects twice in development).
    if (started.current) return;
    started.current = true;
    const release = holdLoading();
    sendLeadOtp({ msisdn: details.contactNumber, email: details.email, fullName: details.fullName })
      .then((sent) => {
        trackEvent('hbb_otp_sent');
        sentRef.current(sent);
      })
      .catch((error: unknown) => {
        showToast({ message: errorMessage(error) });
        cancelRef.current();
      })
      .finally(release);
  }, [details, cancelRef]);
}
