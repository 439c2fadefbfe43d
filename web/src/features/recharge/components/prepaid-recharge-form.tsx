import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MSISDN_LENGTH, digitsOnly, formatNaira } from '@portal/contract/rules';
import { trackEvent } from '@/lib/analytics';
import { useConfig } from '@/lib/config';
import { useLocalePath } from '@/lib/language';
import { savePurchaseContext } from '@/lib/purchase-context';
import { useRuleMessage } from '@/lib/validation';
import { BundleList } from '@/ui/bundle-list';
import { Loader } from '@/ui/loader';
import { PhoneInput } from '@/ui/phone-input';
import { TextField } from '@/ui/text-field';
import { useValidateMsisdn } from '../api/validate-msisdn';
import { amountMessage, canBuy, mobileMessage, type LineCheck } from '../utils/recharge-rules';

const REQUEST_TYPE = 'PREPAID_RECHARGE';
/** The prepaid page accepts prepaid lines only (spec §4). */
const EXPECTED_LINE_TYPES = ['PREPAID'] as const;
const MAX_AMOUNT_DIGITS = 7;

export function PrepaidRechargeForm() {
  const { t } = useTranslation();
  const translateRule = useRuleMessage();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const [params] = useSearchParams();
  const [msisdn, setMsisdn] = useState(() => digitsOnly(params.get('msisdn') ?? '', MSISDN_LENGTH));
  const [amount, setAmount] = useState(() => digitsOnly(params.get('amount') ?? '', MAX_AMOUNT_DIGITS));
  const [touched, setTouched] = useState(false);

  const { data: config } = useConfig();
  const limits = config ? { min: config.preMinAmnt, max: config.preMaxAmnt } : undefined;
  const currency = config?.currency ?? 'NGN';

  const validation = useValidateMsisdn(msisdn, REQUEST_TYPE);
  const check: LineCheck =
    msisdn.length !== MSISDN_LENGTH
      ? { status: 'idle' }
      : validation.isError
        ? { status: 'error' }
        : validation.isSuccess
          ? { status: 'success', lineType: validation.data }
          : { status: 'pending' };

  const mobileError = translateRule(mobileMessage(msisdn, touched, check, EXPECTED_LINE_TYPES));
  const amountErrorText = translateRule(amountMessage(amount, limits, currency));
  const enabled = canBuy({ check, expected: EXPECTED_LINE_TYPES, amount, limits });

  const buy = (event: FormEvent) => {
    event.preventDefault();
    if (!enabled || check.status !== 'success') return;
    savePurchaseContext({
      msisdn,
      amount: Number(amount),
      lineType: check.lineType,
      transactionType: 'PREPAID_RECHARGE',
      rechargeType: 'PREPAID RECHARGE',
      currency,
      redirectPage: '/prepaid-recharge',
      productCode: '',
      enableDualCurrency: config?.enableDualCurrency ?? false,
    });
    trackEvent('recharge_buy_airtime', { transactionType: 'PREPAID_RECHARGE', amount: Number(amount) });
    navigate(localePath('/payment/start'));
  };

  return (
    <form className="card recharge__form" onSubmit={buy} noValidate>
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
        onChange={(event) => setAmount(digitsOnly(event.target.value, MAX_AMOUNT_DIGITS))}
        error={amountErrorText}
        hint={
          limits
            ? t('recharge.amountHint', {
                currency,
                min: formatNaira(limits.min),
                max: formatNaira(limits.max),
              })
            : undefined
        }
        required
      />
      <button type="submit" className="button button--block" disabled={!enabled}>
        {t('recharge.buyAirtime')}
      </button>
      {/* The bundle list of spec §2, once the line check accepted the number; a bundle goes to payment. */}
      {check.status === 'success' && EXPECTED_LINE_TYPES.some((type) => type === check.lineType) ? (
        <BundleList msisdn={msisdn} lineType={check.lineType} redirectPage="/prepaid-recharge" />
      ) : null}
    </form>
  );
}
