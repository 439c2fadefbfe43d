import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Invoice, OpenInvoiceResult } from '@portal/contract/api/bills';
import { errorMessage } from '@/lib/api';
import { trackEvent } from '@/lib/analytics';
import { useConfig } from '@/lib/config';
import { useLocalePath } from '@/lib/language';
import { savePurchaseContext } from '@/lib/purchase-context';
import { useRuleMessage } from '@/lib/validation';
import { Loader } from '@/ui/loader';
import { TextField } from '@/ui/text-field';
import { showToast } from '@/ui/toast';
import { usePageCatalogue } from '@/ui/use-page-catalogue';
import { showBills } from '../api/fixed-account';
import {
  canShowBills,
  fixedInternetErrors,
  normaliseAccountNo,
  payerMsisdn,
} from '../utils/fixed-internet-rules';
import { InvoiceTable } from './invoice-table';
import './fixed-internet.css';

export const FIXED_INTERNET_PATH = '/orp/fixed-internet';
/** The summary title of an invoice payment (the status page labels it the same way). */
export const FIXED_INTERNET_RECHARGE_TYPE = 'FIXED INTERNET BILL PAYMENT';

/**
 * /orp/fixed-internet (spec §2, §5): account number and email, 'show bills' once both are valid, the open
 * invoices with the overdue ones flagged, and PAY BILL per invoice (its details go into the purchase summary).
 */
export function FixedInternetPage() {
  const { t } = useTranslation();
  const ready = usePageCatalogue();
  const translateRule = useRuleMessage();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const { data: config } = useConfig();
  const [accountNo, setAccountNo] = useState('');
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState({ account: false, email: false });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [account, setAccount] = useState<{ result: OpenInvoiceResult; email: string } | undefined>(undefined);

  const errors = fixedInternetErrors(accountNo, email);
  const accountError = touched.account ? translateRule(errors.account) : undefined;
  const emailErrorText = touched.email ? translateRule(errors.email) : undefined;
  const enabled = canShowBills(accountNo, email) && !busy;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!enabled) return;
    setBusy(true);
    setFailure(undefined);
    try {
      const result = await showBills({ accountNo, contactPersonEmailId: email.trim() });
      setAccount({ result, email: email.trim() });
      trackEvent('fixed_internet_show_bills', { invoices: result.response.invoices.length });
    } catch (error) {
      const message = errorMessage(error);
      setAccount(undefined);
      setFailure(message);
      showToast({ message });
    } finally {
      setBusy(false);
    }
  };

  const pay = (invoice: Invoice) => {
    if (!account) return;
    const msisdn = payerMsisdn(account.result);
    if (!msisdn) return;
    savePurchaseContext({
      msisdn,
      amount: invoice.outstandingAmount,
      currency: invoice.currency || config?.currency || 'NGN',
      transactionType: 'POSTPAID_BILL',
      rechargeType: FIXED_INTERNET_RECHARGE_TYPE,
      redirectPage: FIXED_INTERNET_PATH,
      productCode: '',
      emailId: account.email,
      enableDualCurrency: config?.enableDualCurrency ?? false,
      invoiceDetail: {
        accountNo: invoice.accountNo,
        invoiceNo: invoice.invoiceNo,
        billingStartDate: invoice.billingStartDate,
        billingEndDate: invoice.billingEndDate,
        dueDate: invoice.dueDate,
      },
    });
    trackEvent('fixed_internet_pay_bill', {
      invoiceNo: invoice.invoiceNo,
      amount: invoice.outstandingAmount,
    });
    navigate(localePath('/payment/start'));
  };

  if (!ready) {
    return (
      <section className="page container">
        <Loader label={t('journey.loading', { defaultValue: 'Loading...' })} />
      </section>
    );
  }

  const canPay = account ? payerMsisdn(account.result) !== undefined : false;

  return (
    <section className="page container fixed-internet" aria-labelledby="fixed-internet-title">
      <h1 id="fixed-internet-title" className="page__title">
        {t('fixedInternet.title')}
      </h1>
      <p className="page__lead">{t('fixedInternet.subtitle')}</p>
      <form className="card fixed-internet__form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t('journey.accountNumber')}
          name="accountNo"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={12}
          value={accountNo}
          onChange={(event) => {
            const value = normaliseAccountNo(event.target.value);
            setAccountNo(value);
            if (value.length >= 12) setTouched((s) => ({ ...s, account: true }));
          }}
          onBlur={() => setTouched((s) => ({ ...s, account: true }))}
          error={accountError}
          hint={t('fixedInternet.accountHint')}
          required
        />
        <TextField
          label={t('fields.email')}
          name="email"
          type="email"
          autoComplete="email"
          maxLength={120}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          onBlur={() => setTouched((s) => ({ ...s, email: true }))}
          error={emailErrorText}
          hint={t('fixedInternet.emailHint')}
          required
        />
        {failure ? (
          <p className="fixed-internet__failure" role="alert">
            {failure}
          </p>
        ) : null}
        <button type="submit" className="button button--block" disabled={!enabled}>
          {t('fixedInternet.showBills')}
        </button>
      </form>
      {busy ? <Loader label={t('journey.loading')} showLabel /> : null}
      {account ? (
        <InvoiceTable
          accountNo={account.result.accountNo}
          invoices={account.result.response.invoices}
          canPay={canPay}
          onPay={pay}
          careNumber={config?.customerCareNumber ?? ''}
        />
      ) : null}
    </section>
  );
}
