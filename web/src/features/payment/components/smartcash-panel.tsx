import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isMsisdn, msisdnError } from '@portal/contract/rules';
import type { PurchaseContext } from '@/lib/purchase-context';
import { useRuleMessage } from '@/lib/validation';
import { usePinPayment } from '../hooks/use-pin-payment';
import { amountText } from '../utils/format';
import { CancelPaymentButton } from './cancel-payment-button';
import { PayerNumberField } from './payer-number-field';
import { WalletPinDialogs } from './wallet-pin-dialogs';
import { unavailableWhen } from '@/ui/unavailable';

/**
 * SmartCash panel (spec §2, §4): fixed +234 prefix and the registered mobile number (digits, max 10);
 * Proceed sends a one-time code, then the PIN dialog; Cancel returns to the originating page.
 */
export function SmartCashPanel({ context }: { context: PurchaseContext }) {
  const { t, i18n } = useTranslation();
  const translateRule = useRuleMessage();
  const [payer, setPayer] = useState(context.msisdn);
  const flow = usePinPayment('SMARTCASH');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isMsisdn(payer) && !flow.busy) void flow.start(context, payer, context.emailId ?? '');
  };

  return (
    <>
      <form className="method-panel" onSubmit={submit} noValidate>
        <p className="method-panel__intro">{t('payment.smartCashPayment')}</p>
        <PayerNumberField
          value={payer}
          onChange={setPayer}
          message={(value) => translateRule(msisdnError(value))}
          hint={t('payment.smartcash.numberHint')}
        />
        <div className="method-panel__actions">
          <CancelPaymentButton context={context} />
          <button type="submit" className="button" {...unavailableWhen(!isMsisdn(payer) || flow.busy)}>
            {t('payment.smartcash.proceed')}
          </button>
        </div>
      </form>
      <WalletPinDialogs
        flow={flow}
        wallet={t('payment.wallet.smartCash')}
        amount={amountText(context, i18n.language)}
      />
    </>
  );
}
