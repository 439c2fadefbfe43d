import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '@/lib/hydration';
import { formatNaira, isMsisdn } from '@portal/contract/rules';
import type { TrackLeadResult } from '@portal/contract/api/leads';
import { ApiError, errorMessage } from '@/lib/api';
import { trackEvent } from '@/lib/analytics';
import { useLocalePath } from '@/lib/language';
import { savePurchaseContext } from '@/lib/purchase-context';
import { serverError, useFormResult } from '@/lib/form-result';
import { useRuleMessage } from '@/lib/validation';
import { Loader } from '@/ui/loader';
import { PhoneInput } from '@/ui/phone-input';
import { TextField } from '@/ui/text-field';
import { withCatalogue, type PageShell } from '@/ui/catalogue-page';
import { useLeadStatusConfig, type LeadStatusConfig } from '../api/get-form-schema';
import { trackLead, unlockLead } from '../api/lead-calls';
import { trackedLeadPurchaseContext } from '../utils/lead';
import { setSalesWorks } from '../utils/session';
import { unavailableWhen } from '@/ui/unavailable';
import './hbb-lead.css';
import { formatMoment } from '@/lib/dates';

export const LEAD_STATUS_CATALOGUE = 'lead-status-translation';
const LEAD_ID_RE = /^[A-Za-z0-9_-]{1,40}$/;

export const trackLeadQuery = (id: string) => ({
  queryKey: ['track-lead', id] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => trackLead({ leadId: id }, signal),
  retry: false,
  // The server's answer stands, a 'not found' too: asked again on mount, the page would render as loading
  // (and stay so without JavaScript).
  retryOnMount: false,
});

/** The `?id=` the page was opened with; a plain form sends it as typed, the scripted one upper-cased. */
function askedId(params: URLSearchParams): string {
  return (params.get('id') ?? '').trim().toUpperCase();
}

/** The lead the page was opened for, when its id is one (the server renders its status). */
export function leadIdOf(params: URLSearchParams): string | undefined {
  const id = askedId(params);
  return LEAD_ID_RE.test(id) ? id : undefined;
}

const SHELL: PageShell = {
  catalogue: LEAD_STATUS_CATALOGUE,
  className: 'hbb',
  labelKey: 'leadStatus.loading',
};

/**
 * /hbb-lead-status?id={leadId} (spec §2: content not shown; docs/decisions/0030): a lead's status by its id,
 * with the lead id, the note, contact hints, and for a lead waiting for its payment, "Pay now" (the sales-works
 * payment: the customer proves the lead with its mobile number, then pays on the payment page).
 */
export const LeadStatusPage = withCatalogue(LeadStatus, SHELL);

function LeadStatus() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = askedId(params);
  const config = useLeadStatusConfig();
  const lead = useQuery({ ...trackLeadQuery(id), enabled: LEAD_ID_RE.test(id) });

  let body;
  if (!id) {
    body = <FindLead />;
  } else if (lead.isPending && LEAD_ID_RE.test(id)) {
    body = <Loader label={t('leadStatus.loading')} showLabel />;
  } else if (!lead.data) {
    body = (
      <>
        <p className="hbb-notice" role="alert">
          {lead.error instanceof ApiError && lead.error.httpStatus !== 404 && lead.error.httpStatus !== 400
            ? errorMessage(lead.error)
            : t('leadStatus.notFound')}
        </p>
        <FindLead />
      </>
    );
  } else {
    body = <LeadDetails lead={lead.data} config={config.data} />;
  }

  return (
    <section className="page container hbb lead-status" aria-labelledby="lead-status-title">
      <h1 id="lead-status-title" className="page__title">
        {t('leadStatus.title')}
      </h1>
      <div className="card hbb__main lead-status__card">{body}</div>
      <ContactHints config={config.data} />
    </section>
  );
}

function FindLead() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const [value, setValue] = useState('');
  const hydrated = useHydrated();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const leadId = value.trim().toUpperCase();
    if (!LEAD_ID_RE.test(leadId)) return;
    void navigate(`${localePath('/hbb-lead-status')}?id=${encodeURIComponent(leadId)}`);
  };
  return (
    // Without JavaScript a plain GET form to this page (`?id=`), which the server answers.
    <form
      className="lead-status__find"
      method="get"
      action={localePath('/hbb-lead-status')}
      onSubmit={submit}
    >
      <p className="page__lead">{t('leadStatus.intro')}</p>
      <TextField
        label={t('leadStatus.idLabel')}
        name="id"
        value={value}
        autoComplete="off"
        maxLength={40}
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="submit" className="button" disabled={hydrated && !LEAD_ID_RE.test(value.trim())}>
        {t('leadStatus.find')}
      </button>
    </form>
  );
}

function LeadDetails({ lead, config }: { lead: TrackLeadResult; config: LeadStatusConfig | undefined }) {
  const { t, i18n } = useTranslation();
  const localePath = useLocalePath();
  const tone = config?.statuses[lead.status]?.tone ?? (lead.status === 'PAID' ? 'success' : 'pending');
  const payable = config?.statuses[lead.status]?.payable ?? lead.status === 'SUBMITTED';
  const date = (iso: string) => formatMoment(new Date(iso), i18n.language, { date: 'long' });
  const money = (amount: number) => `${lead.currency} ${formatNaira(amount, i18n.language)}`;
  return (
    <>
      <dl className="lead-status__facts">
        <div>
          <dt>{t('leadStatus.leadId')}</dt>
          <dd className="lead-status__id">{lead.refLeadId}</dd>
        </div>
        <div>
          <dt>{t('leadStatus.statusLabel')}</dt>
          <dd>
            <span className={`lead-status__badge lead-status__badge--${tone}`}>
              {t(`leadStatus.status.${lead.status}`)}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('leadStatus.plan')}</dt>
          <dd>{lead.plan.description}</dd>
        </div>
        <div>
          <dt>{t('leadStatus.town')}</dt>
          <dd>{lead.city}</dd>
        </div>
        <div>
          <dt>{t('leadStatus.contact')}</dt>
          <dd>{lead.contactNumber}</dd>
        </div>
        <div>
          <dt>{t('leadStatus.email')}</dt>
          <dd>{lead.email}</dd>
        </div>
        {lead.feasibility ? (
          <div>
            <dt>{t('leadStatus.amountDue')}</dt>
            <dd>{money(lead.amountDue)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('leadStatus.submittedOn')}</dt>
          <dd>{date(lead.createdAt)}</dd>
        </div>
        {lead.payment ? (
          <>
            {lead.payment.transactionId ? (
              <div>
                <dt>{t('leadStatus.transactionId')}</dt>
                <dd>{lead.payment.transactionId}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('leadStatus.paidOn')}</dt>
              <dd>{date(lead.payment.paidAt)}</dd>
            </div>
          </>
        ) : null}
      </dl>
      {lead.status === 'NOT_FEASIBLE' ? (
        // Spec §2's not-available words ('Thank you!', 'Explore other Products'): the page without JavaScript
        // comes here straight from the lead, no modal.
        <>
          <p className="lead-status__note">
            <strong>{t('leadStatus.thankYou')}</strong> {t('leadStatus.notFeasibleNote')}
          </p>
          <p>
            <Link className="button" to={localePath('/')}>
              {t('leadStatus.explore')}
            </Link>
          </p>
        </>
      ) : null}
      {lead.payment || payable ? (
        <p className="lead-status__note">
          {t('leadStatus.note', { hours: config?.installationCallbackHours ?? 48 })}
        </p>
      ) : null}
      {payable ? <PayLead lead={lead} /> : null}
      <p>
        <Link to={localePath('/hbb-lead-status')}>{t('leadStatus.backToSearch')}</Link>
      </p>
    </>
  );
}

/** What the server answers a plain "Pay now" form whose number is not the request's (a page text, not a rule). */
export const LEAD_MISMATCH = 'leadStatus.mismatch';

/**
 * The sales-works payment of a stored lead: its own mobile number unlocks it, then the payment page. "Pay now"
 * opens the form as a native disclosure, so it works the same without JavaScript, where the form is sent to the
 * server (web/src/server/lead-action.ts) instead.
 */
function PayLead({ lead }: { lead: TrackLeadResult }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const hydrated = useHydrated();
  const translateRule = useRuleMessage();
  const result = useFormResult();
  const [msisdn, setMsisdn] = useState(result?.values['msisdn'] ?? '');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // The plain form's answer, while the field still holds the number it was about.
  const fromServer = serverError(result, 'msisdn', msisdn);
  const failed = result?.values['msisdn'] === msisdn ? result.message : undefined;
  const shown =
    error ?? (fromServer === LEAD_MISMATCH ? t(LEAD_MISMATCH) : translateRule(fromServer)) ?? failed;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isMsisdn(msisdn) || busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const unlocked = await unlockLead(lead.refLeadId, msisdn);
      if (!unlocked) {
        setError(t(LEAD_MISMATCH));
        return;
      }
      savePurchaseContext(trackedLeadPurchaseContext(unlocked, t('leadStatus.rechargeType')));
      setSalesWorks(lead.refLeadId);
      trackEvent('hbb_lead_pay', { leadId: lead.refLeadId });
      void navigate(localePath('/payment/start'));
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className="lead-status__pay" open={result ? true : undefined}>
      <summary className="button lead-status__pay-now">{t('leadStatus.payNow')}</summary>
      <form method="post" onSubmit={(event) => void submit(event)}>
        <p>{t('leadStatus.payIntro')}</p>
        <PhoneInput
          label={t('fields.mobileNumber')}
          prefixLabel={t('fields.countryCode')}
          name="msisdn"
          value={msisdn}
          onChange={setMsisdn}
          error={shown}
          required
        />
        <button
          type="submit"
          className="button"
          {...unavailableWhen(hydrated && (!isMsisdn(msisdn) || busy))}
        >
          {t('leadStatus.payContinue')}
        </button>
      </form>
    </details>
  );
}

function ContactHints({ config }: { config: LeadStatusConfig | undefined }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  if (!config) return null;
  return (
    <aside className="lead-status__contact">
      <p>{t('leadStatus.contactHint', { number: config.contact.customerCareNumber })}</p>
      {config.contact.email ? <p>{t('leadStatus.contactEmail', { email: config.contact.email })}</p> : null}
      <Link to={localePath(config.contact.shopsPath || '/storeLocator')}>{t('leadStatus.findShop')}</Link>
    </aside>
  );
}
