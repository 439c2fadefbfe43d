import { BuyAgainDialog } from './buy-again-dialog';
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api';
import { trackEvent } from '@/lib/analytics';
import { useLocalePath } from '@/lib/language';
import { useBrowserValue, useHydrated } from '@/lib/hydration';
import { useConfig } from '@/lib/config';
import type { PurchaseContext } from '@/lib/purchase-context';
import { DESKTOP_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { Loader } from '@/ui/loader';
import { showToast } from '@/ui/toast';
import { usePageCatalogue } from '@/lib/use-page-catalogue';
import { WithoutScript } from '@/ui/without-script';
import { usePaymentOptions } from '../api/get-payment-options';
import { usePurchase } from '../hooks/use-purchase';
import { optionsInput } from '../utils/initiation';
import { salesLead } from '../utils/sales-lead';
import {
  cardGateways,
  defaultMethod,
  filterForAmount,
  methodGroups,
  methodOfSlug,
  methodOfType,
  sortAndDedupe,
  worksWithoutScript,
  type PaymentMethod,
} from '../utils/payment-options';
import { AirtimePanel } from './airtime-panel';
import { CardPanel } from './card-panel';
import { MethodUnavailable } from './method-unavailable';
import { MobileMoneyPanel } from './mobile-money-panel';
import { MpesaPanel } from './mpesa-panel';
import { PurchaseSummary } from './purchase-summary';
import { SmartCashPanel } from './smartcash-panel';
import './payment.css';
import { CardPage } from '@/ui/card-page';
import { MethodAccordion } from './method-accordion';
import { TryAgain } from '@/ui/try-again';

/** The texts of the payment methods' panels and dialogs (a content page per language). */
export const PAYMENT_CATALOGUE = 'payment-translation';

/** /payment/start and /payment/start/:method (spec §2 "Payment page"). */
export function PaymentPage() {
  const { context, attempt, pending } = usePurchase();
  if (context) return <PaymentCheckout context={context} attempt={attempt} />;
  return pending ? <PurchaseLoading /> : <NoPurchase />;
}

/**
 * The server's HTML of a purchase this browser stored: the page frame, filled once the page is live. Without
 * JavaScript it never is: such a browser only arrives here through a sealed purchase, else it is told so.
 */
function PurchaseLoading() {
  const { t } = useTranslation();
  return (
    <CardPage titleId="payment-title" title={t('payment.title')} cardClassName="payment__empty" busy>
      <div className="js-only">
        <Loader label={t('payment.loadingOptions')} showLabel />
      </div>
      <WithoutScript>
        <StartPurchase />
      </WithoutScript>
    </CardPage>
  );
}

function NoPurchase() {
  const { t } = useTranslation();
  return (
    <CardPage titleId="payment-title" title={t('payment.title')} cardClassName="payment__empty">
      <StartPurchase />
    </CardPage>
  );
}

/** There is no purchase to pay: the way to start one. */
function StartPurchase() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <>
      <p className="page__lead">{t('payment.noPurchase')}</p>
      <Link className="button" to={localePath('/prepaid-recharge')}>
        {t('payment.startPurchase')}
      </Link>
    </>
  );
}

function PaymentCheckout({ context, attempt }: { context: PurchaseContext; attempt: string | undefined }) {
  const { t } = useTranslation();
  const { method: slug } = useParams();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  // The server renders the narrow layout (it cannot know the screen); the live page follows the screen.
  const wide = useMediaQuery(DESKTOP_QUERY);
  const hydrated = useHydrated();
  const config = useConfig().data;
  const isDesktop = hydrated && wide;
  // The sales-works session (spec §6) lives in this browser's sessionStorage: the server renders only the lead
  // a sealed purchase names.
  const lead = useBrowserValue(() => salesLead(context), context.leadId ? salesLead(context) : undefined);

  const input = useMemo(() => optionsInput(context), [context]);
  const query = usePaymentOptions(input);
  // The panels' texts: the payment page's own catalogue (content page payment-translation).
  const textsReady = usePageCatalogue(PAYMENT_CATALOGUE);
  const options = useMemo(() => filterForAmount(query.data ?? [], context), [query.data, context]);
  const listed = useMemo(() => sortAndDedupe(options), [options]);
  const groups = useMemo(() => methodGroups(options), [options]);
  const gateways = useMemo(() => cardGateways(options), [options]);

  const chosen = methodOfSlug(slug);
  const available = chosen !== undefined && listed.some((o) => o.type === chosen.type);
  // Before the page is live (and without JavaScript) the first card option shows, as the live page opens it.
  const selected = available ? chosen : defaultMethod(options);

  // Selecting a method replaces history (spec §2), so back leaves the payment page. The query stays: a purchase
  // sealed into it (a plain form sent before the page was live) is what this page pays, and dropping it would
  // start the page again from this browser's storage, losing what the payer chose meanwhile.
  const { search } = useLocation();
  const select = useCallback(
    (method: PaymentMethod) =>
      navigate(`${localePath(`/payment/start/${method.slug}`)}${search}`, { replace: true }),
    [navigate, localePath, search],
  );

  // No (or an unknown) method in the URL: open the first card option (spec §2).
  useEffect(() => {
    if (!query.data || available) return;
    const first = defaultMethod(options);
    if (first) void select(first);
  }, [query.data, available, options, select]);

  // `chosen` is one of the PAYMENT_METHODS constants, so it only changes when the method does.
  useEffect(() => {
    if (available) trackEvent('payment_method_selected', { method: chosen.slug });
  }, [available, chosen]);

  useEffect(() => {
    if (query.isError) showToast({ message: errorMessage(query.error), long: true });
  }, [query.isError, query.error]);

  const panel = (method: PaymentMethod): ReactNode => {
    const option = listed.find((o) => o.type === method.type);
    switch (method.type) {
      case 'PG':
        return <CardPanel context={context} gateways={gateways} attempt={attempt} />;
      case 'AIRTIME':
        return <AirtimePanel context={context} attempt={attempt} />;
      case 'AM':
        return option ? (
          <MobileMoneyPanel context={context} option={option} attempt={attempt} />
        ) : (
          <MethodUnavailable />
        );
      case 'MPESA':
        return <MpesaPanel context={context} attempt={attempt} />;
      case 'SMARTCASH':
        return <SmartCashPanel context={context} />;
      default:
        return <MethodUnavailable />;
    }
  };

  let methods: ReactNode;
  // The server reads the options and the texts before it renders: what it still lacks then, it could not read,
  // and a browser without JavaScript would wait for ever under a loader. It says so and offers to try again.
  const missing = query.isPending || !textsReady;
  if (missing && hydrated) {
    methods = <Loader label={t('payment.loadingOptions')} showLabel />;
  } else if (missing || query.isError) {
    methods = (
      <div className="payment__notice">
        <p>{t('payment.optionsFailed')}</p>
        <TryAgain onRetry={() => query.refetch()} />
      </div>
    );
  } else if (listed.length === 0) {
    methods = <p className="payment__notice">{t('payment.noOptions')}</p>;
  } else if (isDesktop) {
    methods = (
      <div className="payment__desktop">
        <ul className="payment__method-list">
          {listed.map((option) => {
            const method = methodOfType(option.type);
            if (!method) return null;
            const current = selected?.type === method.type;
            return (
              <li key={method.type}>
                <button
                  type="button"
                  className="payment__method"
                  aria-current={current ? 'true' : undefined}
                  onClick={() => select(method)}
                >
                  {t(method.groupKey)}
                </button>
              </li>
            );
          })}
        </ul>
        {selected ? (
          <section className="payment__panel" aria-labelledby="payment-panel-title">
            <h3 id="payment-panel-title" className="payment__panel-title">
              {t(selected.groupKey)}
            </h3>
            {panel(selected)}
          </section>
        ) : null}
      </div>
    );
  } else {
    methods = (
      <MethodAccordion
        groups={groups}
        selected={selected}
        onSelect={select}
        panel={panel}
        hydrated={hydrated}
        withoutScript={(method) =>
          worksWithoutScript(
            method,
            listed.find((o) => o.type === method.type),
            config?.enableAmPin ?? false,
          )
        }
        hrefOf={(method) => `${localePath(`/payment/start/${method.slug}`)}${search}`}
      />
    );
  }

  return (
    <section className="page payment" aria-labelledby="payment-title">
      <BuyAgainDialog />
      <div className="container">
        <div className="payment__topbar">
          <Link to={localePath('/')} className="payment__back" aria-label={t('payment.backHome')}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path
                d="M15 5l-7 7 7 7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
              />
            </svg>
          </Link>
          <h1 id="payment-title" className="page__title">
            {t('payment.title')}
          </h1>
        </div>
        <p className="page__lead payment__lead">{t('payment.paymentPageLayout')}</p>
        {lead ? (
          // A lead is paid only where the service is: spec §2's success words open the notice, for the page
          // without JavaScript comes here straight from the lead, without the success modal.
          <p className="payment__notice payment__sales-lead" role="status">
            <strong>{t('payment.leadAvailable')}</strong> {t('awlanding', { leadId: lead.leadId })}
          </p>
        ) : null}
        <div className="payment__layout">
          <PurchaseSummary context={context} />
          <div className="card payment__methods">
            <h2 className="payment__methods-title">{t('payment.chooseMethod')}</h2>
            {methods}
          </div>
        </div>
      </div>
    </section>
  );
}
