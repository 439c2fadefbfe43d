import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { FormSchema, FormValues } from '@portal/contract/forms';
import { trackEvent } from '@/lib/analytics';
import { langParam, useLanguage } from '@/lib/language';
import { searchPlaces } from '@/domain/maps/map-api';
import { useBrowserValue } from '@/lib/hydration';
import { useCityList } from '../api/get-city-list';
import { useLeadFormSchema, useLeadStatusConfig } from '../api/get-form-schema';
import { useHbbOffer } from '../api/get-offer';
import { geocodeAddress, type Located } from '../utils/geocode';
import { detailsOf } from '../utils/lead';
import { clearSalesWorks, deviceFromQuery, readSavedDevice, safePath, saveDevice } from '../utils/session';
import { detailValues } from '../utils/plain-request';
import { usePlainAnswer, type PlainAnswer } from '../components/plain-steps';
import type { DetailsResult } from '../components/details-step';

export type Step = 'plan' | 'details' | 'locating' | 'map' | 'submit';
export type ConfirmedPlace = Located & { point: { lat: number; lng: number } };

/**
 * The home-broadband lead page's state: the device and its offer, the plan, the steps of the live page, and the
 * answer of a plain form (no JavaScript) the page opens with.
 */
export function useHbbLead() {
  // A plain form's answer (no JavaScript): the step it reached and what it carries.
  const answer = usePlainAnswer();
  const schema = useLeadFormSchema().schema;
  const language = langParam(useLanguage());
  const saved = useChosenDevice();
  const offer = useHbbOffer(saved.id, language);
  const cities = useCityList();
  const statusConfig = useLeadStatusConfig();
  const [planCode, setPlanCode] = useState<string | undefined>(answer?.values['plan'] || saved.planCode);
  // Once live, a plan the product page chose is preselected (the server's HTML has none).
  useEffect(() => {
    if (saved.planCode) setPlanCode((current) => current ?? saved.planCode);
  }, [saved.planCode]);

  // A new lead starts outside the sales-works payment mode (it is set again once this lead is stored).
  useEffect(() => clearSalesWorks(), []);

  const steps = useLeadSteps(answer, schema, language);
  const plans = offer.data?.plans;
  const plan = useMemo(() => plans?.find((p) => p.code === planCode), [plans, planCode]);
  const redirectUrl = saved.redirectUrl ?? safePath(statusConfig.data?.defaultRedirectUrl) ?? '/';

  const selectPlan = (code: string) => {
    setPlanCode(code);
    trackEvent('hbb_plan_selected', { plan: code });
  };

  return { ...steps, answer, schema, language, offer, cities, planCode, plan, selectPlan, redirectUrl };
}

/** The live page's steps: the details entered, the address found for them, and the place confirmed on the map. */
function useLeadSteps(answer: PlainAnswer | undefined, schema: FormSchema | undefined, language: string) {
  const [step, setStep] = useState<Step>(answer?.step === 'details' ? 'details' : 'plan');
  const [values, setValues] = useState<FormValues | undefined>(() =>
    answer && schema ? detailValues(schema, answer.values) : undefined,
  );
  const [details, setDetails] = useState<DetailsResult | undefined>();
  const [located, setLocated] = useState<Located | undefined>();
  const [confirmed, setConfirmed] = useState<ConfirmedPlace | undefined>();

  useEffect(() => {
    window.scrollTo?.({ top: 0 });
  }, [step]);

  const locate = async (result: DetailsResult) => {
    setDetails(result);
    setValues(result.values);
    setConfirmed(undefined);
    setStep('locating');
    const lead = detailsOf(result.values);
    const found = await geocodeAddress(
      { address: lead.address, landmark: lead.landmark, town: lead.town },
      (query) => searchPlaces(query, language),
    );
    trackEvent('hbb_geocoded', { source: found.source });
    setLocated(found);
    setStep('map');
  };

  const backToPlan = (entered: FormValues) => {
    setValues(entered);
    setStep('plan');
  };

  const confirm = (place: ConfirmedPlace) => {
    setConfirmed(place);
    setStep('submit');
  };

  return { step, setStep, values, details, located, confirmed, locate, backToPlan, confirm };
}

/**
 * The device a product view chose: in the address when its link was followed (the server renders it too),
 * else in this browser's sessionStorage (read once live; the server renders the default router).
 */
function useChosenDevice() {
  const [params] = useSearchParams();
  const fromLink = useMemo(() => deviceFromQuery(params), [params]);
  const saved = useBrowserValue(() => ({ ...readSavedDevice(), ...fromLink }), fromLink);
  useEffect(() => {
    if (fromLink.id) saveDevice({ ...readSavedDevice(), ...fromLink });
  }, [fromLink]);
  return saved;
}
