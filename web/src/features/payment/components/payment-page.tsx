import { BuyAgainDialog } from './buy-again-dialog';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '@/lib/language';
import { useBrowserValue, useHydrated } from '@/lib/hydration';
import { useConfig } from '@/lib/config';
import type { PurchaseContext } from '@/lib/purchase-context';
import { DESKTOP_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { Loader } from '@/ui/loader';
import { WithoutScript } from '@/ui/without-script';
import { usePurchase } from '../hooks/use-purchase';
import { salesLead } from '../utils/sales-lead';
import { PaymentMethods, usePaymentMethods } from './payment-methods';
import { PurchaseSummary } from './purchase-summary';
import './payment.css';
import { CardPage } from '@/ui/card-page';

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
  const localePath = useLocalePath();
  // The server renders the narrow layout (it cannot know the screen); the live page follows the screen.
  const wide = useMediaQuery(DESKTOP_QUERY);
  const hydrated = useHydrated();
  const config = useConfig().data;
  const isDesktop = hydrated && wide;
  // The sales-works session (spec §6) lives in this browser's sessionStorage: the server renders only the lead
  // a sealed purchase names.
  const lead = useBrowserValue(() => salesLead(context), context.leadId ? salesLead(context) : undefined);
  const methods = usePaymentMethods(context);

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
            <PaymentMethods
              context={context}
              attempt={attempt}
              methods={methods}
              hydrated={hydrated}
              isDesktop={isDesktop}
              enableAmPin={config?.enableAmPin ?? false}
            />
          </div>
        </div>
      </div>
    </section>
  );
}
