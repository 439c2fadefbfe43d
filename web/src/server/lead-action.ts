import { redirect } from 'react-router';
import { msisdnError, typedMobileNumber } from '@portal/contract/rules';
import { errorMessage } from '@/lib/api';
import { catalogueQueryOptions } from '@/lib/i18n';
import { langParam } from '@/lib/language';
import { unlockLead } from '@/features/hbb-lead/api/lead-calls';
import {
  LEAD_MISMATCH,
  LEAD_STATUS_CATALOGUE,
  leadIdOf,
} from '@/features/hbb-lead/components/lead-status-page';
import { trackedLeadPurchaseContext } from '@/features/hbb-lead/utils/lead';
import { invalid, toPayment, type ActionContext, type ActionResult } from './form';

/**
 * "Pay now" on /hbb-lead-status?id= as a plain form: the request's own mobile number unlocks the lead (the same
 * `track-lead` call as the live page), then the payment page of the lead, sealed with its id (sales-lead mode,
 * spec §6); a number that is not the request's is said in place.
 */
export async function leadPaymentAction(context: ActionContext): Promise<ActionResult> {
  const leadId = leadIdOf(new URL(context.request.url).searchParams);
  if (!leadId) return redirect(context.localePath('/hbb-lead-status'), 303);
  const msisdn = typedMobileNumber(context.fields['msisdn'] ?? '');
  const values = { msisdn };
  const problem = msisdnError(msisdn);
  if (problem) return invalid({ values, errors: { msisdn: problem } });
  try {
    const unlocked = await unlockLead(leadId, msisdn);
    if (!unlocked) return invalid({ values, errors: { msisdn: LEAD_MISMATCH } });
    const texts = await context.queryClient.ensureQueryData(
      catalogueQueryOptions(LEAD_STATUS_CATALOGUE, langParam(context.language)),
    );
    return toPayment(context, trackedLeadPurchaseContext(unlocked, texts['leadStatus.rechargeType'] ?? ''));
  } catch (error) {
    return invalid({ values, message: errorMessage(error) });
  }
}
