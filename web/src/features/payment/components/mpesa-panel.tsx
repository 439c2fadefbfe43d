import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { emailError, isMsisdn, msisdnError } from '@portal/contract/rules';
import { useConfig } from '@/lib/config';
import type { PurchaseContext } from '@/lib/purchase-context';
import { useRuleMessage } from '@/lib/validation';
import { serverError, useFormResult } from '@/lib/form-result';
import { useHydrated } from '@/lib/hydration';
import { usePushPayment } from '../hooks/use-push-payment';
import { amountText, numberText } from '../utils/format';
import { DEFAULT_PAYMENT_MAX_TRY } from '@portal/contract/rules';
import { salesLead } from '../utils/sales-lead';
import { EmailField } from './email-field';
import { CancelPaymentButton } from './cancel-payment-button';
import { PayerNumberField } from './payer-number-field';
import { PlainPaymentFields } from './plain-payment-fields';
import { ProcessingDialog } from './processing-dialog';
import { unavailableWhen } from '@/ui/unavailable';

/**
 * MPESA panel (spec §2): email, +234 phone (digits, max 10), Cancel and 'Continue to pay'. Then the push
 * prompt, polled every 10 s while IN_PROCESS up to configData.paymentMaxTry tries (default 10), then the
 * status page (spec §4 "MPESA").
 */
export function MpesaPanel({ context, attempt }: { context: PurchaseContext; attempt?: string | undefined }) {
  const { t, i18n } = useTranslation();
  const translateRule = useRuleMessage();
  const config = useConfig().data;
  const result = useFormResult();
  const location = useLocation();
  const hydrated = useHydrated();
  const [email, setEmail] = useState(result?.values['email'] ?? context.emailId ?? '');
  // Sales-lead mode (spec §6): the lead's email, read-only.
  const [emailReadOnly] = useState(() => Boolean(salesLead(context) && context.emailId));
  const [payer, setPayer] = useState(result?.values['payer'] ?? context.msisdn);
  const flow = usePushPayment('MPESA');
  const invalid = Boolean(emailError(email)) || !isMsisdn(payer);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invalid || flow.busy) return;
    void flow.pay(context, {
      payer,
      emailId: email.trim(),
      maxTries: config?.paymentMaxTry || DEFAULT_PAYMENT_MAX_TRY,
    });
  };

  return (
    <>
      {/* Without JavaScript the server starts the prompt (the payer answers it on the phone). */}
      <form
        className="method-panel"
        method="post"
        action={location.pathname + location.search}
        onSubmit={submit}
        noValidate
      >
        <PlainPaymentFields start={{ intent: 'push', mode: 'MPESA' }} attempt={attempt} result={result} />
        <p className="method-panel__intro">{t('payment.mpesa.intro')}</p>
        <EmailField
          value={email}
          onChange={setEmail}
          readOnly={emailReadOnly}
          serverMessage={translateRule(serverError(result, 'email', email))}
        />
        <PayerNumberField
          value={payer}
          onChange={setPayer}
          message={(value) => translateRule(msisdnError(value))}
          serverMessage={translateRule(serverError(result, 'payer', payer))}
          hint={t('payment.mpesa.numberHint')}
        />
        <div className="method-panel__actions">
          <CancelPaymentButton context={context} />
          <button type="submit" className="button" {...unavailableWhen(hydrated && (invalid || flow.busy))}>
            {t('payment.mpesa.continue')}
          </button>
        </div>
      </form>
      <ProcessingDialog
        number={flow.waitingFor === undefined ? undefined : numberText(flow.waitingFor)}
        refusal={flow.refusal}
        amount={amountText(context, i18n.language)}
      />
    </>
  );
}
