import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LEAD_FORM_FIELDS, validateForm, type FormSchema, type FormValues } from '@portal/contract/forms';
import type { HbbOffer } from '@portal/contract/api/leads';
import { trackEvent } from '@/lib/analytics';
import { langParam, useLanguage, useLocalePath } from '@/lib/language';
import { Loader } from '@/ui/loader';
import { searchPlaces } from '@/domain/maps/map-api';
import { PageLoading, usePageLoading, withCatalogue, type PageShell } from '@/ui/catalogue-page';
import { useCityList } from '../api/get-city-list';
import { useLeadFormSchema, useLeadStatusConfig } from '../api/get-form-schema';
import { useHbbOffer } from '../api/get-offer';
import { geocodeAddress, type Located } from '../utils/geocode';
import { detailsOf } from '../utils/lead';
import { clearSalesWorks, deviceFromQuery, readSavedDevice, safePath, saveDevice } from '../utils/session';
import { useBrowserValue, useHydrated } from '@/lib/hydration';
import { useRuleMessage } from '@/lib/validation';
import { useFieldMessage } from '@/ui/dynamic-form/use-field-message';
import { detailValues, INTENT_FIELD } from '../utils/plain-request';
import { PlainStepBody, usePlainAnswer, type PlainAnswer } from './plain-steps';
import { serverText } from '@/lib/form-result';
import { AddressStep } from './address-step';
import { DetailsStep, type DetailsResult } from './details-step';
import { DeviceCard } from './device-card';
import { LeadSubmission } from './lead-submission';
import { PlanTable, SelectedPlanCard } from './plan-table';
import { unavailableWhen } from '@/ui/unavailable';
import { TryAgain } from '@/ui/try-again';
import './hbb-lead.css';

export const HBB_CATALOGUE = 'hbb-translation';

type Step = 'plan' | 'details' | 'locating' | 'map' | 'submit';
const STEPS = ['plan', 'details', 'map'] as const;

/** The home-broadband pages' shell while their texts are on the way; the same frame while their offers are. */
export const HBB_SHELL = {
  catalogue: HBB_CATALOGUE,
  className: 'hbb',
  labelKey: 'hbb.loading',
  showLabel: true,
} satisfies PageShell;

/**
 * /hbb-lead (spec §2 "Home-broadband lead", §4 "Broadband lead"): the device and its plan table; the
 * customer-details form of the content schema; the installation address on the map; the one-time code; the
 * lead submitted, then payment (feasible) or 'Thank you!' (not feasible). Without JavaScript each step is a
 * plain form the server answers with the next (web/src/server/hbb-lead-action.ts): the place is confirmed in
 * words instead of on the map, and the code typed into one field.
 */
export const HbbLeadPage = withCatalogue(HbbLead, HBB_SHELL);

function HbbLead() {
  const { t } = useTranslation();
  const loading = usePageLoading(HBB_SHELL);
  const localePath = useLocalePath();
  // A plain form's answer (no JavaScript): the step it reached and what it carries.
  const answer = usePlainAnswer();
  const { pathname, search } = useLocation();
  const action = `${pathname}${search}`;
  const schema = useLeadFormSchema().schema;
  const fieldMessage = useFieldMessage();
  const translateRule = useRuleMessage();
  const language = langParam(useLanguage());
  // The device a product view chose: in the address when its link was followed (the server renders it too),
  // else in this browser's sessionStorage (read once live; the server renders the default router).
  const [params] = useSearchParams();
  const fromLink = useMemo(() => deviceFromQuery(params), [params]);
  const saved = useBrowserValue(() => ({ ...readSavedDevice(), ...fromLink }), fromLink);
  useEffect(() => {
    if (fromLink.id) saveDevice({ ...readSavedDevice(), ...fromLink });
  }, [fromLink]);
  const offer = useHbbOffer(saved.id, language);
  const cities = useCityList();
  const statusConfig = useLeadStatusConfig();
  const [step, setStep] = useState<Step>(answer?.step === 'details' ? 'details' : 'plan');
  const [planCode, setPlanCode] = useState<string | undefined>(answer?.values['plan'] || saved.planCode);
  // Once live, a plan the product page chose is preselected (the server's HTML has none).
  useEffect(() => {
    if (saved.planCode) setPlanCode((current) => current ?? saved.planCode);
  }, [saved.planCode]);
  const [values, setValues] = useState<FormValues | undefined>(() =>
    answer && schema ? detailValues(schema, answer.values) : undefined,
  );
  const [details, setDetails] = useState<DetailsResult | undefined>();
  const [located, setLocated] = useState<Located | undefined>();
  const [confirmed, setConfirmed] = useState<
    (Located & { point: { lat: number; lng: number } }) | undefined
  >();

  // A new lead starts outside the sales-works payment mode (it is set again once this lead is stored).
  useEffect(() => clearSalesWorks(), []);

  const plans = offer.data?.plans;
  const plan = useMemo(() => plans?.find((p) => p.code === planCode), [plans, planCode]);
  const redirectUrl = saved.redirectUrl ?? safePath(statusConfig.data?.defaultRedirectUrl) ?? '/';

  useEffect(() => {
    window.scrollTo?.({ top: 0 });
  }, [step]);

  if (offer.isPending) return <PageLoading {...loading} />;

  if (offer.isError || !offer.data) {
    return (
      <section className="page container hbb" aria-labelledby="hbb-title">
        <h1 id="hbb-title" className="page__title">
          {t('hbb.title')}
        </h1>
        <div className="card hbb-notice" role="alert">
          <p>{t('hbb.loadFailed')}</p>
          <TryAgain onRetry={() => offer.refetch()} />
        </div>
      </section>
    );
  }

  const data = offer.data;
  const plainStep = answer?.step === 'place' || answer?.step === 'code' ? answer : undefined;
  const current = step === 'locating' || step === 'submit' || plainStep ? 'map' : step;
  const refused = refusedDetails(answer, schema, values, { fieldMessage, translateRule });

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

  let body;
  if (plainStep) {
    body = <PlainStepBody answer={plainStep} action={action} />;
  } else if (step === 'plan') {
    body = (
      <PlanStep
        offer={data}
        planCode={planCode}
        action={action}
        backTo={localePath(redirectUrl)}
        refused={answer?.errors['plan']}
        onSelect={(code) => {
          setPlanCode(code);
          trackEvent('hbb_plan_selected', { plan: code });
        }}
        onProceed={() => setStep('details')}
      />
    );
  } else if (step === 'details') {
    body = (
      <>
        <h2 className="hbb__step-title">{t('hbb.details.title')}</h2>
        <p className="page__lead">{t('hbb.details.intro')}</p>
        {answer?.step === 'details' && answer.message ? (
          <p className="field__error" role="alert">
            {answer.message}
          </p>
        ) : null}
        <DetailsStep
          initial={values}
          language={language}
          plain={{ action, hidden: { plan: planCode ?? '', [INTENT_FIELD]: 'details' }, refused }}
          onBack={(v) => {
            setValues(v);
            setStep('plan');
          }}
          onDone={(result) => void locate(result)}
        />
      </>
    );
  } else if (step === 'locating') {
    body = <Loader label={t('hbb.locating')} showLabel />;
  } else if (details && located) {
    const lead = detailsOf(details.values);
    body = (
      <>
        <h2 className="hbb__step-title">{t('hbb.map.title')}</h2>
        <AddressStep
          details={lead}
          located={located}
          language={language}
          onEdit={() => setStep('details')}
          onConfirmed={(point) => {
            setConfirmed(point);
            setStep('submit');
          }}
        />
        {step === 'submit' && confirmed && plan ? (
          <LeadSubmission
            details={lead}
            plan={plan}
            offer={data}
            located={confirmed}
            lineType={details.lineType}
            formId={details.formId}
            cities={cities.data ?? []}
            language={language}
            redirectUrl={redirectUrl}
            onCancel={() => setStep('map')}
          />
        ) : null}
      </>
    );
  }

  return (
    <section className="page container hbb" aria-labelledby="hbb-title">
      <h1 id="hbb-title" className="page__title">
        {t('hbb.title')}
      </h1>
      <p className="page__lead">{t('hbb.subtitle')}</p>
      <ol className="hbb-steps" aria-label={t('hbb.steps.label')}>
        {STEPS.map((s) => (
          <li
            key={s}
            className={s === current ? 'hbb-steps__item hbb-steps__item--current' : 'hbb-steps__item'}
            aria-current={s === current ? 'step' : undefined}
          >
            {t(`hbb.steps.${s === 'map' ? 'address' : s}`)}
          </li>
        ))}
      </ol>
      <div className="hbb__layout">
        <aside className="hbb__aside">
          <DeviceCard device={data.device} />
          <SelectedPlanCard offer={data} plan={plan} />
        </aside>
        <div className="card hbb__main">{body}</div>
      </div>
    </section>
  );
}

/**
 * What the server refused of a plain details form, as the field messages the live form would show: each
 * field's rule (the server only says the form was refused), and the contact number's check.
 */
function refusedDetails(
  answer: PlainAnswer | undefined,
  schema: FormSchema | undefined,
  values: FormValues | undefined,
  messages: {
    fieldMessage: ReturnType<typeof useFieldMessage>;
    translateRule: ReturnType<typeof useRuleMessage>;
  },
): Record<string, string | undefined> {
  // The details form as it opens (a plan chosen, Edit) is not a refusal: nothing was sent yet.
  if (answer?.step !== 'details' || !schema || !values || Object.keys(answer.errors).length === 0) return {};
  const broken = validateForm(schema, values);
  const refused: Record<string, string | undefined> = Object.fromEntries(
    Object.entries(broken).map(([name, error]) => [name, messages.fieldMessage(error)]),
  );
  const number = answer.errors[LEAD_FORM_FIELDS.contactNumber];
  if (number) refused[LEAD_FORM_FIELDS.contactNumber] = messages.translateRule(number);
  return refused;
}

/**
 * The plan table and Proceed. Without JavaScript the form sends the plan to the server, which answers with the
 * details form; live, Proceed moves on in the page.
 */
function PlanStep(props: {
  offer: HbbOffer;
  planCode: string | undefined;
  action: string;
  backTo: string;
  /** What the server found wrong with a plain form's plan (a text key). */
  refused: string | undefined;
  onSelect: (code: string) => void;
  onProceed: () => void;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const chosen = props.offer.plans.some((p) => p.code === props.planCode);
  return (
    <form
      method="post"
      action={props.action}
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen) props.onProceed();
      }}
    >
      <input type="hidden" name={INTENT_FIELD} value="plan" />
      <h2 className="hbb__step-title">{t('hbb.plans.title')}</h2>
      <PlanTable offer={props.offer} selected={props.planCode} onSelect={props.onSelect} />
      {props.refused && !chosen ? (
        <p className="field__error" role="alert">
          {serverText(t, props.refused)}
        </p>
      ) : null}
      <div className="hbb-actions">
        <Link className="button button--ghost" to={props.backTo}>
          {t('hbb.back')}
        </Link>
        <button type="submit" className="button" {...unavailableWhen(hydrated && !chosen)}>
          {t('hbb.proceed')}
        </button>
      </div>
    </form>
  );
}
