import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatNaira, typedAmount, typedMobileNumber } from '@portal/contract/rules';
import { trackEvent } from '@/lib/analytics';
import { useConfig } from '@/lib/config';
import { useLocalePath } from '@/lib/language';
import { serverError, useFormResult, useNumberFromFormOrQuery } from '@/lib/form-result';
import { useHydrated } from '@/lib/hydration';
import { savePurchaseContext } from '@/lib/purchase-context';
import { useRuleMessage } from '@/lib/validation';
import { BundleList } from '@/domain/bundles/bundle-list';
import { Loader } from '@/ui/loader';
import { PhoneInput } from '@/ui/phone-input';
import { TextField } from '@/ui/text-field';
import { lineMessage, useLineCheck } from '@/domain/number-check/msisdn-field';
import {
  amountMessage,
  canBuy,
  PREPAID_RECHARGE_REQUEST,
  PREPAID_LINE_TYPES,
  prepaidRechargeContext,
} from '../utils/recharge-rules';
import { PREPAID_RECHARGE_PATH } from '@/lib/journey-paths';
import { unavailableWhen, useHeldPress } from '@/ui/unavailable';
import { HeldPressStatus } from '@/ui/held-press-status';

export function PrepaidRechargeForm() {
  const { t, i18n } = useTranslation();
  const translateRule = useRuleMessage();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  // A plain form sent to the server comes back with its values and messages (no JavaScript).
  const result = useFormResult();
  const hydrated = useHydrated();
  const [msisdn, setMsisdn] = useState(useNumberFromFormOrQuery(result, 'msisdn', typedMobileNumber));
  const [amount, setAmount] = useState(useNumberFromFormOrQuery(result, 'amount', typedAmount));
  const [touched, setTouched] = useState(false);

  const { data: config } = useConfig();
  const limits = config ? { min: config.preMinAmnt, max: config.preMaxAmnt } : undefined;
  const currency = config?.currency ?? 'NGN';

  const check = useLineCheck(msisdn, { requestType: PREPAID_RECHARGE_REQUEST });
  // BUY AIRTIME pressed while the number is checked (seconds on a slow network) waits for the check.
  const press = useHeldPress(hydrated && check.status === 'pending', msisdn);

  const mobileError = translateRule(
    lineMessage(msisdn, touched, check, PREPAID_LINE_TYPES) ?? serverError(result, 'msisdn', msisdn),
  );
  const amountErrorText = translateRule(
    amountMessage(amount, limits, currency) ?? serverError(result, 'amount', amount),
  );
  const enabled = canBuy({ check, expected: PREPAID_LINE_TYPES, amount, limits });

  const buy = (event: FormEvent) => {
    event.preventDefault();
    if (!enabled || check.status !== 'success') return;
    savePurchaseContext(
      prepaidRechargeContext({
        msisdn,
        amount: Number(amount),
        lineType: check.lineType,
        currency,
        enableDualCurrency: config?.enableDualCurrency ?? false,
      }),
    );
    trackEvent('recharge_buy_airtime', { transactionType: 'PREPAID_RECHARGE', amount: Number(amount) });
    void navigate(localePath('/payment/start'));
  };

  return (
    // Without JavaScript (or before the page is live) the server checks the form and opens the payment page.
    <form
      className="card recharge__form"
      method="post"
      action={localePath(PREPAID_RECHARGE_PATH)}
      onSubmit={buy}
      noValidate
    >
      <PhoneInput
        label={t('fields.mobileNumber')}
        prefixLabel={t('fields.countryCode')}
        name="msisdn"
        value={msisdn}
        onChange={(value) => {
          setMsisdn(value);
          setTouched(true);
        }}
        onBlur={() => setTouched(true)}
        error={mobileError}
        hint={
          check.status === 'pending' ? (
            <Loader size="sm" showLabel label={t('recharge.checkingNumber')} />
          ) : undefined
        }
        required
      />
      <TextField
        label={t('fields.amount')}
        name="amount"
        inputMode="numeric"
        autoComplete="off"
        prefix={currency}
        value={amount}
        onChange={(event) => setAmount(typedAmount(event.target.value))}
        error={amountErrorText}
        hint={
          limits
            ? t('recharge.amountHint', {
                currency,
                min: formatNaira(limits.min, i18n.language),
                max: formatNaira(limits.max, i18n.language),
              })
            : undefined
        }
        required
      />
      <button
        type="submit"
        className="button button--block"
        {...unavailableWhen(hydrated && !enabled, undefined, press)}
      >
        {t('recharge.buyAirtime')}
      </button>
      <HeldPressStatus press={press} label={t('recharge.checkingNumber')} />
      {/* The bundle list of spec §2, once the line check accepted the number; a bundle goes to payment. */}
      {check.status === 'success' && PREPAID_LINE_TYPES.some((type) => type === check.lineType) ? (
        <BundleList msisdn={msisdn} lineType={check.lineType} redirectPage={PREPAID_RECHARGE_PATH} />
      ) : null}
    </form>
  );
}
