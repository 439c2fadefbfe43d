import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentOption } from '@portal/contract/api/payments';
import { emailError } from '@portal/contract/rules';
import type { PurchaseContext } from '@/lib/purchase-context';
import { useRuleMessage } from '@/lib/validation';
import { TextField } from '@/ui/text-field';
import { useCardPayment } from '../hooks/use-card-payment';
import { salesLead } from '../utils/sales-lead';
import { GatewayBadge } from './gateway-badge';

/** Card panel (spec §2): gateway choice and email; continue is disabled without a valid email. */
export function CardPanel({ context, gateways }: { context: PurchaseContext; gateways: PaymentOption[] }) {
  const { t } = useTranslation();
  const translateRule = useRuleMessage();
  const [gatewayId, setGatewayId] = useState(gateways[0]?.paymentGateway ?? '');
  const [email, setEmail] = useState(context.emailId ?? '');
  const [touched, setTouched] = useState(false);
  const { pay, busy } = useCardPayment();
  // Sales-lead mode (spec §6): the lead's email, read-only.
  const [emailReadOnly] = useState(() => Boolean(salesLead(context) && context.emailId));

  const gateway = gateways.find((g) => g.paymentGateway === gatewayId) ?? gateways[0];
  const emailMessage = emailError(email);
  const shownError = touched ? translateRule(emailMessage) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (emailMessage || !gateway || busy) return;
    void pay(context, gateway, email.trim());
  };

  return (
    <form className="card-panel" onSubmit={submit} noValidate>
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
                <span className="gateway-choice__name">{option.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <TextField
        label={t('fields.email')}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={email}
        readOnly={emailReadOnly}
        onChange={(event) => {
          setEmail(event.target.value);
          if (event.target.value) setTouched(true);
        }}
        onBlur={() => setTouched(true)}
        error={shownError}
        hint={t('payment.card.emailHint')}
        required
      />
      <p className="card-panel__note">
        {gateway?.popup ? t('payment.card.popupNote') : t('payment.card.redirectNote')}
      </p>
      <button
        type="submit"
        className="button button--block"
        disabled={Boolean(emailMessage) || !gateway || busy}
      >
        {t('payment.card.proceed')}
      </button>
    </form>
  );
}
