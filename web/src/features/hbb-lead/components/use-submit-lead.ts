import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isTownFeasible, type CityEntry } from '@portal/contract/forms';
import type { HbbOffer, HbbPlan, SubmitLeadResult } from '@portal/contract/api/leads';
import { ApiError, errorMessage } from '@/lib/api';
import { trackEvent } from '@/lib/analytics';
import { useConfig } from '@/lib/config';
import { holdLoading } from '@/lib/loading';
import { savePurchaseContext, updatePurchaseContext } from '@/lib/purchase-context';
import { showToast } from '@/ui/toast';
import { submitLead } from '../api/lead-calls';
import type { Located } from '../utils/geocode';
import { leadPayload, leadPurchaseContext, type LeadDetails } from '../utils/lead';
import { setSalesWorks } from '../utils/session';

export type LeadPhase = 'sending' | 'otp' | 'submitting' | 'success' | 'notAvailable';

type Outcome = {
  setPhase: (phase: LeadPhase) => void;
  setResult: (result: SubmitLeadResult) => void;
  /** Back to the map: nothing is lost. */
  cancel: () => void;
};

/** What the lead is made of: the customer, the plan and device chosen, and the confirmed address. */
export type SubmittedLead = {
  details: LeadDetails;
  plan: HbbPlan;
  offer: HbbOffer;
  located: Located & { point: { lat: number; lng: number } };
  lineType: string;
  formId: string | undefined;
  cities: readonly CityEntry[];
  language: string;
};

/**
 * Submits the lead once its code is verified: the town's feasibility decides whether the purchase context is
 * saved first, and the answer whether the lead can be paid for ('success') or not ('notAvailable').
 */
export function useSubmitLead(lead: SubmittedLead, outcome: Outcome) {
  const { details, plan, offer, located, lineType, formId, cities, language } = lead;
  const { t } = useTranslation();
  const config = useConfig().data;

  return async (uniqueCode: string) => {
    outcome.setPhase('submitting');
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
      settle(answer, outcome, t);
    } catch (error) {
      trackEvent('hbb_lead_failed', { errorCode: error instanceof ApiError ? error.statusCode : 'unknown' });
      showToast({ message: errorMessage(error) });
      outcome.cancel();
    } finally {
      release();
    }
  };
}

/** Feasible without a lead id is 'Something Went Wrong!': there is no lead to pay for. */
function settle(answer: SubmitLeadResult, outcome: Outcome, t: TFunction) {
  if (!answer.feasibility) {
    outcome.setResult(answer);
    outcome.setPhase('notAvailable');
    return;
  }
  if (!answer.refLeadId) {
    showToast({ message: t('hbb.somethingWrong') });
    outcome.cancel();
    return;
  }
  setSalesWorks(answer.refLeadId);
  // After paying, Return on the status page leads to the lead's own status.
  updatePurchaseContext({
    redirectPage: `/hbb-lead-status?id=${encodeURIComponent(answer.refLeadId)}`,
  });
  outcome.setResult(answer);
  outcome.setPhase('success');
}
