import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MSISDN_LENGTH, amountError, digitsOnly, formatNaira } from '@portal/contract/rules';
import type { BillResult } from '@portal/contract/api/bills';
import { trackEvent } from '@/lib/analytics';
import { useConfig } from '@/lib/config';
import { useLocalePath } from '@/lib/language';
import { savePurchaseContext } from '@/lib/purchase-context';
import { useRuleMessage } from '@/lib/validation';
import { Loader } from '@/ui/loader';
import { MsisdnField, lineAccepted, useLineCheck } from '@/ui/msisdn-field';
import { TextField } from '@/ui/text-field';
import { usePageCatalogue } from '@/ui/use-page-catalogue';
import {
  billAmount,
  canPayBill,
  postpaidLineTypes,
  postpaidRequestType,
  sanitizeAmount,
} from '../utils/bill-rules';
import { BillAccountModal } from './bill-account-modal';
import { BillOtpModal } from './bill-otp-modal';
import './bill-pay.css';

export const BILL_PAY_PATH = '/postpaid-bill-pay';

type FetchedBill = {
  accountNo: string;
  outstanding: number;
  rounded: boolean;
  nothingDue: boolean;
  amount: string;
};

/**
 * /postpaid-bill-pay (spec §2, §4): a postpaid (or hybrid) number, the amount within the postpaid limits, the
 * bill fetched by one-time code or by account number, and MAKE A PAYMENT.
 */
export function PostpaidBillPage() {
  const { t } = useTranslation();
  const ready = usePageCatalogue();
  const translateRule = useRuleMessage();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const [params] = useSearchParams();
  const [msisdn, setMsisdn] = useState(() => digitsOnly(params.get('msisdn') ?? '', MSISDN_LENGTH));
  const [amount, setAmount] = useState('');
  const [bill, setBill] = useState<FetchedBill | undefined>(undefined);
  const [dialog, setDialog] = useState<'otp' | 'account' | undefined>(undefined);

  const { data: config } = useConfig();
  const hybridCheck = config?.postpaidHybridCheck ?? true;
  const roundUp = config?.['beta.amountToHigherValueFeature'] ?? false;
  const expected = postpaidLineTypes(hybridCheck);
  const check = useLineCheck(msisdn, { requestType: postpaidRequestType(hybridCheck) });
  const lineOk = lineAccepted(check, expected);
  const limits = config ? { min: config.postMinAmnt, max: config.postMaxAmnt } : undefined;
  const currency = config?.currency ?? 'NGN';
  const amountErrorText = translateRule(limits ? amountError(amount, limits, currency) : undefined);
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
    savePurchaseContext({
      msisdn,
      amount: Number(amount),
      lineType: check.lineType,
      transactionType: 'POSTPAID_BILL',
      rechargeType: 'POSTPAID BILL PAYMENT',
      currency,
      redirectPage: BILL_PAY_PATH,
      productCode: '',
      enableDualCurrency: config?.enableDualCurrency ?? false,
      ...(bill ? { invoiceDetail: { accountNo: bill.accountNo } } : {}),
    });
    trackEvent('postpaid_make_payment', { transactionType: 'POSTPAID_BILL', amount: Number(amount) });
    navigate(localePath('/payment/start'));
  };

  if (!ready) {
    return (
      <section className="page container">
        <Loader label={t('journey.loading', { defaultValue: 'Loading...' })} />
      </section>
    );
  }

  return (
    <section className="page container bill-pay" aria-labelledby="bill-pay-title">
      <h1 id="bill-pay-title" className="page__title">
        {t('billPay.title')}
      </h1>
      <p className="page__lead">{t('billPay.subtitle')}</p>
      <form className="card bill-pay__form" onSubmit={pay} noValidate>
        <MsisdnField value={msisdn} onChange={changeMsisdn} check={check} expected={expected} />
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
                  min: formatNaira(limits.min),
                  max: formatNaira(limits.max),
                })
              : undefined
          }
          required
        />
        <div className="bill-pay__fetch">
          <p className="bill-pay__fetch-title">{t('billPay.fetchTitle')}</p>
          <div className="bill-pay__fetch-actions">
            <button
              type="button"
              className="button button--ghost"
              disabled={!lineOk}
              onClick={() => setDialog('otp')}
            >
              {t('billPay.fetchByOtp')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={!lineOk}
              onClick={() => setDialog('account')}
            >
              {t('billPay.fetchByAccount')}
            </button>
          </div>
        </div>
        {bill ? (
          <div className="bill-pay__note" role="status">
            {bill.nothingDue ? (
              <p>{t('billPay.nothingDue')}</p>
            ) : (
              <p>{t('billPay.outstanding', { currency, amount: formatNaira(bill.outstanding) })}</p>
            )}
            {bill.rounded ? (
              <p className="bill-pay__rounded">
                {t('billPay.roundedNote', {
                  currency,
                  outstanding: formatNaira(bill.outstanding),
                  amount: formatNaira(Number(bill.amount)),
                })}
              </p>
            ) : null}
          </div>
        ) : null}
        <button type="submit" className="button button--block" disabled={!enabled}>
          {t('billPay.makePayment')}
        </button>
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
    </section>
  );
}
