import type {
  FormSaveRequest,
  SubmitLeadRequest,
  SubmitLeadResult,
  TrackLeadResult,
} from '@portal/contract/api/leads';
import { ApiError, call } from '@/lib/api';
import { sendOtp, type OtpChallenge } from '@/domain/otp/otp-api';
import { payableCheckout, type UnlockedLead } from '../utils/lead';

/** `otp/v1/send-otp` with the lead payload of spec §7: msisdn, email, customerDetails.fullName, requestType. */
export function sendLeadOtp(input: {
  msisdn: string;
  email: string;
  fullName: string;
}): Promise<OtpChallenge> {
  return sendOtp({
    msisdn: input.msisdn,
    email: input.email,
    customerDetails: { fullName: input.fullName },
    requestType: 'HBB_LEADS',
  });
}

/** `form/v2/save`: the customer-details form, checked by the server with the same rules. */
export function saveLeadForm(body: FormSaveRequest): Promise<{ formId: string; duplicate: boolean }> {
  return call('formSave', body);
}

/** `subscriber/v1/submit-lead`: answers refLeadId. */
export function submitLead(body: SubmitLeadRequest): Promise<SubmitLeadResult> {
  return call('submitLead', body);
}

/** `subscriber/v1/track-lead`. */
export function trackLead(
  body: { leadId: string; contactNumber?: string },
  signal?: AbortSignal,
): Promise<TrackLeadResult> {
  return call('trackLead', body, { signal });
}

/**
 * "Pay now": the lead its own mobile number unlocks, waiting for its payment; undefined when the number is not
 * the request's (the server's 400 says so too). Any other failure is thrown.
 */
export async function unlockLead(leadId: string, contactNumber: string): Promise<UnlockedLead | undefined> {
  try {
    return payableCheckout(await trackLead({ leadId, contactNumber }));
  } catch (error) {
    if (error instanceof ApiError && error.httpStatus === 400) return undefined;
    throw error;
  }
}
