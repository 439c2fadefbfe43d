import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PaymentOption } from '@portal/contract/api/payments';
import { isMsisdn, msisdnError } from '@portal/contract/rules';
import { useConfig } from '@/lib/config';
import type { PurchaseContext } from '@/lib/purchase-context';
import { useRuleMessage } from '@/lib/validation';
import { serverError, useFormResult } from '@/lib/form-result';
import { useHydrated } from '@/lib/hydration';
import { useLineCheck } from '@/domain/number-check/msisdn-field';
import { usePinPayment } from '../hooks/use-pin-payment';
import { usePushPayment } from '../hooks/use-push-payment';
import { amountText, numberText } from '../utils/format';
import { PayerNumberField } from './payer-number-field';
import { isPushMoney } from '../utils/payment-options';
import { PlainPaymentFields } from './plain-payment-fields';
import { ProcessingDialog } from './processing-dialog';
import { WalletPinDialogs } from './wallet-pin-dialogs';
import { unavailableWhen, useHeldPress } from '@/ui/unavailable';
import { HeldPressStatus } from '@/ui/held-press-status';
import {
  MOBILE_MONEY_REQUEST_TYPE,
  WALLET_NUMBER_REFUSED,
  walletNumberProblem,
} from '../utils/wallet-number';

/**
 * Mobile money panel (spec §2, §4): the wallet number (+234), checked to be an operator number ('Please
 * enter valid ... number'); then either the push prompt (option.ampush) or - with enableAmPin - a one-time
 * code, the 4-digit PIN and the encrypted PIN payment.
 */
export function MobileMoneyPanel({
  context,
  option,
  attempt,
}: {
  context: PurchaseContext;
  option: PaymentOption;
  /** The Idempotency-Key of a plain form's prompt payment (a sealed purchase): the server starts it. */
  attempt?: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const translateRule = useRuleMessage();
  const config = useConfig().data;
  const result = useFormResult();
  const location = useLocation();
  const hydrated = useHydrated();
  const [payer, setPayer] = useState(result?.values['payer'] ?? context.msisdn);
  const check = useLineCheck(payer, { requestType: MOBILE_MONEY_REQUEST_TYPE });
  // The check runs in the live page only.
  const checking = hydrated && check.status === 'pending';
  // A press while the number is checked (seconds on a slow network) waits for the check, not dropped.
  const press = useHeldPress(checking, payer);
  const withPin = !isPushMoney(option, config?.enableAmPin ?? false);
  const push = usePushPayment('NAIJA_MONEY_PUSH');
  const pin = usePinPayment('NAIJA_MONEY');
  const busy = withPin ? pin.busy : push.busy;
  const amount = amountText(context, i18n.language);
  const wallet = t('payment.wallet.mobileMoney');

  // A number the check refused is not one of the brand's wallets (its own text); no answer is said as anywhere.
  const problemText = (problem: string | undefined) =>
    problem === WALLET_NUMBER_REFUSED
      ? t(WALLET_NUMBER_REFUSED, { brand: config?.brandName ?? '' })
      : translateRule(problem);
  const message = (value: string) => {
    if (!isMsisdn(value)) return translateRule(msisdnError(value));
    return problemText(walletNumberProblem(check));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (check.status !== 'success' || busy) return;
    if (withPin) void pin.start(context, payer, context.emailId ?? '');
    else void push.pay(context, { payer, emailId: context.emailId ?? '' });
  };

  return (
    <>
      {/* Without JavaScript the server starts a prompt payment (the payer answers it on the phone). */}
      <form
        className="method-panel"
        onSubmit={submit}
        noValidate
        {...(withPin ? {} : { method: 'post', action: location.pathname + location.search })}
      >
        {withPin ? null : (
          <PlainPaymentFields
            start={{ intent: 'push', mode: 'NAIJA_MONEY_PUSH' }}
            attempt={attempt}
            result={result}
          />
        )}
        <p className="method-panel__intro">
          {withPin ? t('payment.mobileMoney.pinIntro') : t('payment.mobileMoney.pushIntro')}
        </p>
        <PayerNumberField
          value={payer}
          onChange={setPayer}
          message={message}
          checking={checking}
          // A press that waited for a check that refused the number: its message, touched or not.
          checked={press.pressed}
          hint={t('payment.mobileMoney.numberHint')}
          // The plain form's answer: the same check's words (payment-action.ts), or a rule's.
          serverMessage={problemText(serverError(result, 'payer', payer))}
        />
        <button
          type="submit"
          className="button button--block"
          {...unavailableWhen(hydrated && (check.status !== 'success' || busy), undefined, press)}
        >
          {t('payment.proceedToPay')}
        </button>
        <HeldPressStatus press={press} label={t('payment.checkingNumber')} />
      </form>
      {withPin ? (
        <WalletPinDialogs flow={pin} wallet={wallet} amount={amount} />
      ) : (
        <ProcessingDialog
          number={push.waitingFor === undefined ? undefined : numberText(push.waitingFor)}
          refusal={push.refusal}
          amount={amount}
        />
      )}
    </>
  );
}
