import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FormValues } from '@portal/contract/forms';
import { trackEvent } from '@/lib/analytics';
import { langParam, useLanguage, useLocalePath } from '@/lib/language';
import { Loader } from '@/ui/loader';
import { searchPlaces } from '@/domain/maps/map-api';
import { PageLoading, usePageLoading, withCatalogue, type PageShell } from '@/ui/catalogue-page';
import { useCityList } from '../api/get-city-list';
import { useLeadStatusConfig } from '../api/get-form-schema';
import { useHbbOffer } from '../api/get-offer';
import { geocodeAddress, type Located } from '../utils/geocode';
import { detailsOf } from '../utils/lead';
import { clearSalesWorks, deviceFromQuery, readSavedDevice, safePath, saveDevice } from '../utils/session';
import { useBrowserValue } from '@/lib/hydration';
import { WithoutScript } from '@/ui/without-script';
import { AddressStep } from './address-step';
import { DetailsStep, type DetailsResult } from './details-step';
import { DeviceCard } from './device-card';
import { LeadSubmission } from './lead-submission';
import { PlanTable, SelectedPlanCard } from './plan-table';
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
 * lead submitted, then payment (feasible) or 'Thank you!' (not feasible). The details, the map and the code
 * need JavaScript: without it the plans are shown with the ways that work there (Contact Us, a shop).
 */
export const HbbLeadPage = withCatalogue(HbbLead, HBB_SHELL);

function HbbLead() {
  const { t } = useTranslation();
  const loading = usePageLoading(HBB_SHELL);
  const navigate = useNavigate();
  const localePath = useLocalePath();
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
  const [step, setStep] = useState<Step>('plan');
  const [planCode, setPlanCode] = useState<string | undefined>(saved.planCode);
  // Once live, a plan the product page chose is preselected (the server's HTML has none).
  useEffect(() => {
    if (saved.planCode) setPlanCode((current) => current ?? saved.planCode);
  }, [saved.planCode]);
  const [values, setValues] = useState<FormValues | undefined>();
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
          <button type="button" className="button button--ghost" onClick={() => void offer.refetch()}>
            {t('common.tryAgain')}
          </button>
        </div>
      </section>
    );
  }

  const data = offer.data;
  const current = step === 'locating' || step === 'submit' ? 'map' : step;

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
  if (step === 'plan') {
    body = (
      <>
        <h2 className="hbb__step-title">{t('hbb.plans.title')}</h2>
        <PlanTable
          offer={data}
          selected={planCode}
          onSelect={(code) => {
            setPlanCode(code);
            trackEvent('hbb_plan_selected', { plan: code });
          }}
        />
        <WithoutScript className="hbb-plain card">
          <p>{t('hbb.withoutScript')}</p>
          <p className="hbb-actions">
            <Link className="button" to={localePath('/contact-us')}>
              {t('hbb.contactLink')}
            </Link>
            <Link className="button button--ghost" to={localePath('/storeLocator')}>
              {t('hbb.shopLink')}
            </Link>
          </p>
        </WithoutScript>
        <div className="hbb-actions js-only">
          <button
            type="button"
            className="button button--ghost"
            onClick={() => navigate(localePath(redirectUrl))}
          >
            {t('hbb.back')}
          </button>
          <button type="button" className="button" disabled={!plan} onClick={() => setStep('details')}>
            {t('hbb.proceed')}
          </button>
        </div>
      </>
    );
  } else if (step === 'details') {
    body = (
      <>
        <h2 className="hbb__step-title">{t('hbb.details.title')}</h2>
        <p className="page__lead">{t('hbb.details.intro')}</p>
        <DetailsStep
          initial={values}
          language={language}
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
