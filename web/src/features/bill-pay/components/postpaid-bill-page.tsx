import { useTranslation } from 'react-i18next';
import { formatNaira, typedAmount } from '@portal/contract/rules';
import { useLocalePath } from '@/lib/language';
import { serverError, useFormResult } from '@/lib/form-result';
import { useRuleMessage } from '@/lib/validation';
import { journeyPage } from '@/ui/journey-page';
import { MsisdnField } from '@/domain/number-check/msisdn-field';
import { TextField } from '@/ui/text-field';
import { BILL_INTENT, billAmountError } from '../utils/bill-rules';
import { WithoutScript } from '@/ui/without-script';
import { BILL_PAY_PATH } from '@/lib/journey-paths';
import { BillAccountModal } from './bill-account-modal';
import { BillOtpModal } from './bill-otp-modal';
import { BillFetch, FetchedBillNote } from './bill-fetch';
import { usePostpaidBill } from '../hooks/use-postpaid-bill';
import { JourneyUssd } from '@/ui/journey-ussd';
import { unavailableWhen } from '@/ui/unavailable';
import { HeldPressStatus } from '@/ui/held-press-status';
import './bill-pay.css';

/**
 * /postpaid-bill-pay (spec §2, §4): a postpaid (or hybrid) number, the amount within the postpaid limits, the
 * bill fetched by one-time code or by account number, and MAKE A PAYMENT.
 */
export const PostpaidBillPage = journeyPage(PostpaidBill);

function PostpaidBill() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const form = usePostpaidBill();
  const closeDialog = () => form.setDialog(undefined);
  return (
    <section className="page container bill-pay" aria-labelledby="bill-pay-title">
      <h1 id="bill-pay-title" className="page__title">
        {t('billPay.title')}
      </h1>
      <p className="page__lead">{t('billPay.subtitle')}</p>
      {/* Without JavaScript the server fetches the bill by account number and opens the payment page. */}
      <form
        className="card bill-pay__form"
        method="post"
        action={localePath(BILL_PAY_PATH)}
        onSubmit={form.pay}
        noValidate
      >
        {/* Enter in a plain form presses its first submit button: paying, not the bill fetch's button below. */}
        <WithoutScript>
          <button
            type="submit"
            name="intent"
            value={BILL_INTENT.pay}
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
          >
            {t('billPay.makePayment')}
          </button>
        </WithoutScript>
        <MsisdnField
          value={form.msisdn}
          onChange={form.changeMsisdn}
          check={form.line.check}
          expected={form.line.expected}
          serverError={serverError(form.result, 'msisdn', form.msisdn)}
        />
        <BillAmountField
          amount={form.amount}
          onChange={form.setAmount}
          roundUp={form.roundUp}
          currency={form.currency}
          limits={form.limits}
        />
        <BillFetch lineOk={form.line.ok} press={form.line.press} onOpen={form.setDialog} />
        {form.bill ? <FetchedBillNote bill={form.bill} currency={form.currency} /> : null}
        {form.result?.message ? (
          <p className="bill-pay__failure" role="alert">
            {form.result.message}
          </p>
        ) : null}
        <button
          type="submit"
          name="intent"
          value={BILL_INTENT.pay}
          className="button button--block"
          {...unavailableWhen(form.hydrated && !form.enabled, undefined, form.line.press)}
        >
          {t('billPay.makePayment')}
        </button>
        <HeldPressStatus press={form.line.press} label={t('journey.checkingNumber')} />
      </form>
      <BillOtpModal
        open={form.dialog === 'otp'}
        msisdn={form.msisdn}
        onClose={closeDialog}
        onBill={form.onBill}
      />
      <BillAccountModal
        open={form.dialog === 'account'}
        msisdn={form.msisdn}
        onClose={closeDialog}
        onBill={form.onBill}
      />
      <JourneyUssd config={form.config} jobs={['checkBalance']} />
    </section>
  );
}

/** The amount, within the postpaid limits: whole naira when a bill is rounded up to the next. */
function BillAmountField(props: {
  amount: string;
  onChange: (amount: string) => void;
  roundUp: boolean;
  currency: string;
  limits: { min: number; max: number } | undefined;
}) {
  const { amount, roundUp, currency, limits } = props;
  const { t, i18n } = useTranslation();
  const translateRule = useRuleMessage();
  const result = useFormResult();
  return (
    <TextField
      label={t('fields.amount')}
      name="amount"
      inputMode={roundUp ? 'numeric' : 'decimal'}
      autoComplete="off"
      prefix={currency}
      value={amount}
      onChange={(event) => props.onChange(typedAmount(event.target.value))}
      error={translateRule(
        (limits ? billAmountError(amount, limits, { currency, roundUp }) : undefined) ??
          serverError(result, 'amount', amount),
      )}
      hint={
        limits
          ? t('billPay.amountHint', {
              currency,
              min: formatNaira(limits.min, i18n.language),
              max: formatNaira(limits.max, i18n.language),
            })
          : undefined
      }
      required
    />
  );
}
