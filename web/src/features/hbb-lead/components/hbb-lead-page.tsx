import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LEAD_FORM_FIELDS, validateForm, type FormSchema, type FormValues } from '@portal/contract/forms';
import type { HbbOffer } from '@portal/contract/api/leads';
import { useLocalePath } from '@/lib/language';
import { Loader } from '@/ui/loader';
import { PageLoading, usePageLoading, withCatalogue, type PageShell } from '@/ui/catalogue-page';
import type { Located } from '../utils/geocode';
import { detailsOf } from '../utils/lead';
import { useHydrated } from '@/lib/hydration';
import { useRuleMessage } from '@/lib/validation';
import { useFieldMessage } from '@/ui/dynamic-form/use-field-message';
import { INTENT_FIELD } from '../utils/plain-request';
import { PlainStepBody, type PlainAnswer } from './plain-steps';
import { serverText } from '@/lib/form-result';
import { AddressStep } from './address-step';
import { DetailsStep, type DetailsResult } from './details-step';
import { DeviceCard } from './device-card';
import { LeadSubmission } from './lead-submission';
import { PlanTable, SelectedPlanCard } from './plan-table';
import { useHbbLead } from '../hooks/use-hbb-lead';
import { unavailableWhen } from '@/ui/unavailable';
import { TryAgain } from '@/ui/try-again';
import './hbb-lead.css';

export const HBB_CATALOGUE = 'hbb-translation';

const STEPS = ['plan', 'details', 'map'] as const;
type HbbLeadState = ReturnType<typeof useHbbLead>;

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
  const { pathname, search } = useLocation();
  const action = `${pathname}${search}`;
  const lead = useHbbLead();
  const { answer, offer } = lead;

  if (offer.isPending) return <PageLoading {...loading} />;
  if (offer.isError || !offer.data) return <HbbLoadFailed onRetry={() => offer.refetch()} />;

  const data = offer.data;
  const plainStep = answer?.step === 'place' || answer?.step === 'code' ? answer : undefined;
  const current = lead.step === 'locating' || lead.step === 'submit' || plainStep ? 'map' : lead.step;

  let body;
  if (plainStep) {
    body = <PlainStepBody answer={plainStep} action={action} />;
  } else if (lead.step === 'plan') {
    body = (
      <PlanStep
        offer={data}
        planCode={lead.planCode}
        action={action}
        backTo={localePath(lead.redirectUrl)}
        refused={answer?.errors['plan']}
        onSelect={lead.selectPlan}
        onProceed={() => lead.setStep('details')}
      />
    );
  } else if (lead.step === 'details') {
    body = <DetailsBody lead={lead} action={action} />;
  } else if (lead.step === 'locating') {
    body = <Loader label={t('hbb.locating')} showLabel />;
  } else if (lead.details && lead.located) {
    body = <AddressBody lead={lead} offer={data} details={lead.details} located={lead.located} />;
  }

  return (
    <section className="page container hbb" aria-labelledby="hbb-title">
      <h1 id="hbb-title" className="page__title">
        {t('hbb.title')}
      </h1>
      <p className="page__lead">{t('hbb.subtitle')}</p>
      <LeadSteps current={current} />
      <div className="hbb__layout">
        <aside className="hbb__aside">
          <DeviceCard device={data.device} />
          <SelectedPlanCard offer={data} plan={lead.plan} />
        </aside>
        <div className="card hbb__main">{body}</div>
      </div>
    </section>
  );
}

/** The offer could not be read: the page says so and offers to try again. */
function HbbLoadFailed({ onRetry }: { onRetry: () => unknown }) {
  const { t } = useTranslation();
  return (
    <section className="page container hbb" aria-labelledby="hbb-title">
      <h1 id="hbb-title" className="page__title">
        {t('hbb.title')}
      </h1>
      <div className="card hbb-notice" role="alert">
        <p>{t('hbb.loadFailed')}</p>
        <TryAgain onRetry={onRetry} />
      </div>
    </section>
  );
}

/** The three steps the customer sees, the current one marked. */
function LeadSteps({ current }: { current: (typeof STEPS)[number] }) {
  const { t } = useTranslation();
  return (
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
  );
}

/** The customer-details step: the form, with what the server refused of a plain one. */
function DetailsBody({ lead, action }: { lead: HbbLeadState; action: string }) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const translateRule = useRuleMessage();
  const { answer } = lead;
  const refused = refusedDetails(answer, lead.schema, lead.values, { fieldMessage, translateRule });
  return (
    <>
      <h2 className="hbb__step-title">{t('hbb.details.title')}</h2>
      <p className="page__lead">{t('hbb.details.intro')}</p>
      {answer?.step === 'details' && answer.message ? (
        <p className="field__error" role="alert">
          {answer.message}
        </p>
      ) : null}
      <DetailsStep
        initial={lead.values}
        language={lead.language}
        plain={{ action, hidden: { plan: lead.planCode ?? '', [INTENT_FIELD]: 'details' }, refused }}
        onBack={lead.backToPlan}
        onDone={(result) => void lead.locate(result)}
      />
    </>
  );
}

/** The address step: the place on the map, then (once confirmed with a plan) the code and the lead's submission. */
function AddressBody(props: {
  lead: HbbLeadState;
  offer: HbbOffer;
  details: DetailsResult;
  located: Located;
}) {
  const { lead, details } = props;
  const { t } = useTranslation();
  const entered = detailsOf(details.values);
  return (
    <>
      <h2 className="hbb__step-title">{t('hbb.map.title')}</h2>
      <AddressStep
        details={entered}
        located={props.located}
        language={lead.language}
        onEdit={() => lead.setStep('details')}
        onConfirmed={lead.confirm}
      />
      {lead.step === 'submit' && lead.confirmed && lead.plan ? (
        <LeadSubmission
          details={entered}
          plan={lead.plan}
          offer={props.offer}
          located={lead.confirmed}
          lineType={details.lineType}
          formId={details.formId}
          cities={lead.cities.data ?? []}
          language={lead.language}
          redirectUrl={lead.redirectUrl}
          onCancel={() => lead.setStep('map')}
        />
      ) : null}
    </>
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
