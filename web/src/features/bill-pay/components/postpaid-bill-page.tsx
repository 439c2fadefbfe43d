import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MSISDN_LENGTH, amountError, digitsOnly, formatNaira } from '@portal/contract/rules';
import type { BillResult } from '@portal/contract/api/bills';
import { trackEvent } from '@/lib/analytics';
import { useConfig } from '@/lib/config';
import { useLocalePath } from '@/lib/language';
import { savePurchaseContext } from '@/lib/purchase-context';
import { serverError, useFormResult } from '@/lib/form-result';
import { useHydrated } from '@/lib/hydration';
import { useRuleMessage } from '@/lib/validation';
import { journeyPage } from '@/ui/journey-page';
import { MsisdnField, lineAccepted, useLineCheck } from '@/domain/number-check/msisdn-field';
import { TextField } from '@/ui/text-field';
import { WithoutScript } from '@/ui/without-script';
import {
  billAmount,
  canPayBill,
  postpaidBillContext,
  postpaidLineTypes,
  postpaidRequestType,
  sanitizeAmount,
} from '../utils/bill-rules';
import { BILL_PAY_PATH } from '@/lib/journey-paths';
import { BillAccountModal } from './bill-account-modal';
import { BillOtpModal } from './bill-otp-modal';
import { JourneyUssd } from '@/ui/journey-ussd';
import { unavailableWhen, useHeldPress } from '@/ui/unavailable';
import { HeldPressStatus } from '@/ui/held-press-status';
import './bill-pay.css';

type FetchedBill = {
  accountNo: string;
  outstanding: number;
  rounded: boolean;
  nothingDue: boolean;
  amount: string;
};

/** The bill a plain form's fetch brought back (the server puts it among the form's values). */
function fetchedBillOf(values: Record<string, string> | undefined): FetchedBill | undefined {
  if (!values?.['outstanding'] || !values['accountNo']) return undefined;
  const outstanding = Number(values['outstanding']);
  return {
    accountNo: values['accountNo'],
    outstanding,
    rounded: values['rounded'] === 'true',
    nothingDue: outstanding <= 0,
    amount: values['amount'] ?? '',
  };
}

/**
 * /postpaid-bill-pay (spec §2, §4): a postpaid (or hybrid) number, the amount within the postpaid limits, the
 * bill fetched by one-time code or by account number, and MAKE A PAYMENT.
 */
export const PostpaidBillPage = journeyPage(PostpaidBill);

function PostpaidBill() {
  const { t, i18n } = useTranslation();
  const translateRule = useRuleMessage();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const [params] = useSearchParams();
  // A plain form sent to the server comes back with its values, the fetched bill and its messages.
  const result = useFormResult();
  const hydrated = useHydrated();
  const [msisdn, setMsisdn] = useState(() =>
    digitsOnly(result?.values['msisdn'] ?? params.get('msisdn') ?? '', MSISDN_LENGTH),
  );
  const [amount, setAmount] = useState(result?.values['amount'] ?? '');
  const [accountNo, setAccountNo] = useState(result?.values['accountNo'] ?? '');
  const [bill, setBill] = useState<FetchedBill | undefined>(() => fetchedBillOf(result?.values));
  const [dialog, setDialog] = useState<'otp' | 'account' | undefined>(undefined);

  const { data: config } = useConfig();
  const hybridCheck = config?.postpaidHybridCheck ?? true;
  const roundUp = config?.['beta.amountToHigherValueFeature'] ?? false;
  const expected = postpaidLineTypes(hybridCheck);
  const check = useLineCheck(msisdn, { requestType: postpaidRequestType(hybridCheck) });
  const lineOk = lineAccepted(check, expected);
  // A press on any of the buttons while the number is checked (seconds on a slow network) waits for the check.
  const press = useHeldPress(hydrated && check.status === 'pending', msisdn);
  const limits = config ? { min: config.postMinAmnt, max: config.postMaxAmnt } : undefined;
  const currency = config?.currency ?? 'NGN';
  const amountErrorText = translateRule(
    (limits ? amountError(amount, limits, currency) : undefined) ?? serverError(result, 'amount', amount),
  );
  const enabled = canPayBill({ lineOk, amount, limits });

  const changeMsisdn = (value: string) => {
    if (value !== msisdn) setBill(undefined);
    setMsisdn(value);
  };

  const onBill = (result: BillResult) => {
    const filled = billAmount(result.totalOutstanding, roundUp);
    setBill({ accountNo: result.accountNo, outstanding: result.totalOutstanding, ...filled });
    if (!filled.nothingDue) setAmount(filled.amount);
    setDialog(undefined);
    trackEvent('postpaid_bill_fetched', { rounded: filled.rounded });
  };

  const pay = (event: FormEvent) => {
    event.preventDefault();
    if (!enabled) return;
    savePurchaseContext(
      postpaidBillContext({
        msisdn,
        amount: Number(amount),
        lineType: check.lineType,
        accountNo: bill?.accountNo,
        currency,
        enableDualCurrency: config?.enableDualCurrency ?? false,
      }),
    );
    trackEvent('postpaid_make_payment', { transactionType: 'POSTPAID_BILL', amount: Number(amount) });
    void navigate(localePath('/payment/start'));
  };

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
        onSubmit={pay}
        noValidate
      >
        <MsisdnField
          value={msisdn}
          onChange={changeMsisdn}
          check={check}
          expected={expected}
          serverError={serverError(result, 'msisdn', msisdn)}
        />
        <TextField
          label={t('fields.amount')}
          name="amount"
          inputMode={roundUp ? 'numeric' : 'decimal'}
          autoComplete="off"
          prefix={currency}
          value={amount}
          onChange={(event) => setAmount(sanitizeAmount(event.target.value, !roundUp))}
          error={amountErrorText}
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
        <div className="bill-pay__fetch">
          <p className="bill-pay__fetch-title">{t('billPay.fetchTitle')}</p>
          <div className="bill-pay__fetch-actions js-only">
            <button
              type="button"
              className="button button--ghost"
              {...unavailableWhen(!lineOk, () => setDialog('otp'), press)}
            >
              {t('billPay.fetchByOtp')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              {...unavailableWhen(!lineOk, () => setDialog('account'), press)}
            >
              {t('billPay.fetchByAccount')}
            </button>
          </div>
          <WithoutScript className="bill-pay__fetch-plain">
            <TextField
              label={t('journey.accountNumber')}
              name="accountNo"
              inputMode="numeric"
              autoComplete="off"
              maxLength={10}
              value={accountNo}
              onChange={(event) => setAccountNo(digitsOnly(event.target.value, 10))}
              error={translateRule(serverError(result, 'accountNo', accountNo))}
            />
            <button type="submit" name="intent" value="fetch-bill" className="button button--ghost">
              {t('billPay.fetchByAccount')}
            </button>
          </WithoutScript>
        </div>
        {bill ? (
          <div className="bill-pay__note" role="status">
            {bill.nothingDue ? (
              <p>{t('billPay.nothingDue')}</p>
            ) : (
              <p>
                {t('billPay.outstanding', { currency, amount: formatNaira(bill.outstanding, i18n.language) })}
              </p>
            )}
            {bill.rounded ? (
              <p className="bill-pay__rounded">
                {t('billPay.roundedNote', {
                  currency,
                  outstanding: formatNaira(bill.outstanding, i18n.language),
                  amount: formatNaira(Number(bill.amount), i18n.language),
                })}
              </p>
            ) : null}
          </div>
        ) : null}
        {result?.message ? (
          <p className="bill-pay__failure" role="alert">
            {result.message}
          </p>
        ) : null}
        <button
          type="submit"
          name="intent"
          value="pay"
          className="button button--block"
          {...unavailableWhen(hydrated && !enabled, undefined, press)}
        >
          {t('billPay.makePayment')}
        </button>
        <HeldPressStatus press={press} label={t('journey.checkingNumber')} />
      </form>
      <BillOtpModal
        open={dialog === 'otp'}
        msisdn={msisdn}
        onClose={() => setDialog(undefined)}
        onBill={onBill}
      />
      <BillAccountModal
        open={dialog === 'account'}
        msisdn={msisdn}
        onClose={() => setDialog(undefined)}
        onBill={onBill}
      />
      <JourneyUssd config={config} jobs={['checkBalance']} />
    </section>
  );
}
