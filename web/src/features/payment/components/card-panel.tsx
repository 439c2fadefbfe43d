import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PaymentOption } from '@portal/contract/api/payments';
import { emailError } from '@portal/contract/rules';
import type { PurchaseContext } from '@/lib/purchase-context';
import { serverError, useFormResult } from '@/lib/form-result';
import { useHydrated } from '@/lib/hydration';
import { useRuleMessage } from '@/lib/validation';
import { WithoutScript } from '@/ui/without-script';
import { useCardPayment } from '../hooks/use-card-payment';
import { salesLead } from '../utils/sales-lead';
import { PlainPaymentFields } from './plain-payment-fields';
import { EmailField } from './email-field';
import { GatewayBadge } from './gateway-badge';
import { unavailableWhen } from '@/ui/unavailable';

/** Card panel (spec §2): gateway choice and email; continue is disabled without a valid email. */
export function CardPanel({
  context,
  gateways,
  attempt,
}: {
  context: PurchaseContext;
  gateways: PaymentOption[];
  /** The Idempotency-Key of a plain form payment (a sealed purchase): the server starts it. */
  attempt?: string | undefined;
}) {
  const { t } = useTranslation();
  const translateRule = useRuleMessage();
  const result = useFormResult();
  const location = useLocation();
  const hydrated = useHydrated();
  const [gatewayId, setGatewayId] = useState(
    result?.values['paymentGateway'] ?? gateways[0]?.paymentGateway ?? '',
  );
  const [email, setEmail] = useState(result?.values['email'] ?? context.emailId ?? '');
  const [submitted, setSubmitted] = useState(false);
  const { pay, busy } = useCardPayment();
  // Sales-lead mode (spec §6): the lead's email, read-only.
  const [emailReadOnly] = useState(() => Boolean(salesLead(context) && context.emailId));

  const gateway = gateways.find((g) => g.paymentGateway === gatewayId) ?? gateways[0];
  const emailMessage = emailError(email);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (emailMessage || !gateway || busy) return;
    void pay(context, gateway, email.trim());
  };

  return (
    // Without JavaScript (or before the page is live) the form goes to the server, which starts the payment
    // and sends the browser to the gateway's hosted page.
    <form
      className="card-panel"
      method="post"
      action={location.pathname + location.search}
      onSubmit={submit}
      noValidate
    >
      <PlainPaymentFields start={{ intent: 'card' }} attempt={attempt} result={result} />
      {gateways.length > 0 ? (
        <fieldset className="card-panel__gateways">
          <legend className="field__label">{t('payment.card.gateway')}</legend>
          <div className="card-panel__gateway-list">
            {gateways.map((option) => (
              <label key={option.paymentGateway} className="gateway-choice">
                <input
                  type="radio"
                  name="paymentGateway"
                  value={option.paymentGateway}
                  checked={option.paymentGateway === gateway?.paymentGateway}
                  onChange={() => setGatewayId(option.paymentGateway ?? '')}
                />
                <GatewayBadge gateway={option.paymentGateway ?? ''} />
                {/* The server names every card gateway 'Debit/Credit Card' (English); the badge tells them apart. */}
                <span className="gateway-choice__name">{t('payment.group.card')}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <EmailField
        value={email}
        onChange={setEmail}
        readOnly={emailReadOnly}
        checked={submitted}
        serverMessage={translateRule(serverError(result, 'email', email))}
      />
      {/* Without JavaScript no popup opens: every gateway takes the visitor to its hosted page. */}
      <p className="card-panel__note js-only">
        {gateway?.popup ? t('payment.card.popupNote') : t('payment.card.redirectNote')}
      </p>
      <WithoutScript>
        <p className="card-panel__note">{t('payment.card.redirectNote')}</p>
      </WithoutScript>
      <button
        type="submit"
        className="button button--block"
        {...unavailableWhen(hydrated && (Boolean(emailMessage) || !gateway || busy))}
      >
        {result?.earlier ? t('payment.buyAgain.yes') : t('payment.card.proceed')}
      </button>
    </form>
  );
}
