import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PaymentOption } from '@portal/contract/api/payments';
import { errorMessage } from '@/lib/api';
import { trackEvent } from '@/lib/analytics';
import { useLocalePath } from '@/lib/language';
import type { PurchaseContext } from '@/lib/purchase-context';
import { Loader } from '@/ui/loader';
import { showToast } from '@/ui/toast';
import { usePageCatalogue } from '@/lib/use-page-catalogue';
import { TryAgain } from '@/ui/try-again';
import { usePaymentOptions } from '../api/get-payment-options';
import { optionsInput } from '../utils/initiation';
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
import { MethodAccordion } from './method-accordion';
import { MethodUnavailable } from './method-unavailable';
import { MobileMoneyPanel } from './mobile-money-panel';
import { MpesaPanel } from './mpesa-panel';
import { SmartCashPanel } from './smartcash-panel';

/** The texts of the payment methods' panels and dialogs (a content page per language). */
export const PAYMENT_CATALOGUE = 'payment-translation';

/** The payment options of a purchase, the method its address chose (or the first card option), and choosing one. */
export function usePaymentMethods(context: PurchaseContext) {
  const { method: slug } = useParams();
  const navigate = useNavigate();
  const localePath = useLocalePath();
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
  const hrefOf = (method: PaymentMethod) => `${localePath(`/payment/start/${method.slug}`)}${search}`;

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

  return { query, textsReady, listed, groups, gateways, selected, select, hrefOf };
}

type PaymentMethodsState = ReturnType<typeof usePaymentMethods>;

/** The methods card's content: a loader, the options' failure, none to offer, or the methods and their panels. */
export function PaymentMethods(props: {
  context: PurchaseContext;
  attempt: string | undefined;
  methods: PaymentMethodsState;
  hydrated: boolean;
  isDesktop: boolean;
  enableAmPin: boolean;
}) {
  const { t } = useTranslation();
  const { query, listed, selected, select } = props.methods;
  const panel = (method: PaymentMethod) => (
    <MethodPanel
      method={method}
      context={props.context}
      attempt={props.attempt}
      listed={listed}
      gateways={props.methods.gateways}
    />
  );
  // The server reads the options and the texts before it renders: what it still lacks then, it could not read,
  // and a browser without JavaScript would wait for ever under a loader. It says so and offers to try again.
  const missing = query.isPending || !props.methods.textsReady;
  if (missing && props.hydrated) return <Loader label={t('payment.loadingOptions')} showLabel />;
  if (missing || query.isError) {
    return (
      <div className="payment__notice">
        <p>{t('payment.optionsFailed')}</p>
        <TryAgain onRetry={() => query.refetch()} />
      </div>
    );
  }
  if (listed.length === 0) return <p className="payment__notice">{t('payment.noOptions')}</p>;
  if (props.isDesktop)
    return <DesktopMethods listed={listed} selected={selected} select={select} panel={panel} />;
  return (
    <MethodAccordion
      groups={props.methods.groups}
      selected={selected}
      onSelect={select}
      panel={panel}
      hydrated={props.hydrated}
      withoutScript={(method) =>
        worksWithoutScript(
          method,
          listed.find((o) => o.type === method.type),
          props.enableAmPin,
        )
      }
      hrefOf={props.methods.hrefOf}
    />
  );
}

/** A wide screen's methods: the list beside the chosen method's panel. */
function DesktopMethods(props: {
  listed: PaymentOption[];
  selected: PaymentMethod | undefined;
  select: (method: PaymentMethod) => unknown;
  panel: (method: PaymentMethod) => ReactNode;
}) {
  const { t } = useTranslation();
  const { selected } = props;
  return (
    <div className="payment__desktop">
      <ul className="payment__method-list">
        {props.listed.map((option) => {
          const method = methodOfType(option.type);
          if (!method) return null;
          const current = selected?.type === method.type;
          return (
            <li key={method.type}>
              <button
                type="button"
                className="payment__method"
                aria-current={current ? 'true' : undefined}
                onClick={() => props.select(method)}
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
          {props.panel(selected)}
        </section>
      ) : null}
    </div>
  );
}

/** The panel of one method, for the options the purchase has. */
function MethodPanel(props: {
  method: PaymentMethod;
  context: PurchaseContext;
  attempt: string | undefined;
  listed: PaymentOption[];
  gateways: PaymentOption[];
}) {
  const { method, context, attempt } = props;
  const option = props.listed.find((o) => o.type === method.type);
  switch (method.type) {
    case 'PG':
      return <CardPanel context={context} gateways={props.gateways} attempt={attempt} />;
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
}
