import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Invoice, OpenInvoiceResult } from '@portal/contract/api/bills';
import { errorMessage } from '@/lib/api';
import { trackEvent } from '@/lib/analytics';
import { useConfig } from '@/lib/config';
import { useLocalePath } from '@/lib/language';
import { savePurchaseContext } from '@/lib/purchase-context';
import { serverError, useFormResult } from '@/lib/form-result';
import { useHydrated } from '@/lib/hydration';
import { useRuleMessage } from '@/lib/validation';
import { Loader } from '@/ui/loader';
import { journeyPage } from '@/ui/journey-page';
import { TextField } from '@/ui/text-field';
import { showToast } from '@/ui/toast';
import { showBills } from '../api/fixed-account';
import { openInvoicesKey } from '../api/fixed-account';
import {
  canShowBills,
  fixedInternetErrors,
  invoicePurchaseContext,
  normaliseAccountNo,
  payerMsisdn,
} from '../utils/fixed-internet-rules';
import { FIXED_INTERNET_PATH } from '@/lib/journey-paths';
import { InvoiceTable } from './invoice-table';
import { JourneyUssd } from '@/ui/journey-ussd';
import { unavailableWhen } from '@/ui/unavailable';
import './fixed-internet.css';

/**
 * /orp/fixed-internet (spec §2, §5): account number and email, 'show bills' once both are valid, the open
 * invoices with the overdue ones flagged, and PAY BILL per invoice (its details go into the purchase summary).
 */
export const FixedInternetPage = journeyPage(FixedInternet);

function FixedInternet() {
  const { t } = useTranslation();
  const translateRule = useRuleMessage();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const { data: config } = useConfig();
  const queryClient = useQueryClient();
  const hydrated = useHydrated();
  // A plain form sent to the server comes back with its values, and the invoices once the account is known.
  const sent = useFormResult();
  const [accountNo, setAccountNo] = useState(sent?.values['accountNo'] ?? '');
  const [email, setEmail] = useState(sent?.values['email'] ?? '');
  const [touched, setTouched] = useState({ account: false, email: false });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(sent?.message);
  const [account, setAccount] = useState<{ result: OpenInvoiceResult; email: string } | undefined>(() => {
    const result = queryClient.getQueryData<OpenInvoiceResult>(openInvoicesKey(accountNo, email));
    return result ? { result, email } : undefined;
  });

  const errors = fixedInternetErrors(accountNo, email);
  const accountError = translateRule(
    (touched.account ? errors.account : undefined) ?? serverError(sent, 'accountNo', accountNo),
  );
  const emailErrorText = translateRule(
    (touched.email ? errors.email : undefined) ?? serverError(sent, 'email', email),
  );
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
    savePurchaseContext(
      invoicePurchaseContext({
        invoice,
        msisdn,
        email: account.email,
        currency: config?.currency || 'NGN',
        enableDualCurrency: config?.enableDualCurrency ?? false,
      }),
    );
    trackEvent('fixed_internet_pay_bill', {
      invoiceNo: invoice.invoiceNo,
      amount: invoice.outstandingAmount,
    });
    void navigate(localePath('/payment/start'));
  };

  const canPay = account ? payerMsisdn(account.result) !== undefined : false;

  return (
    <section className="page container fixed-internet" aria-labelledby="fixed-internet-title">
      <h1 id="fixed-internet-title" className="page__title">
        {t('fixedInternet.title')}
      </h1>
      <p className="page__lead">{t('fixedInternet.subtitle')}</p>
      {/* Without JavaScript the server shows the invoices, and a PAY BILL opens the payment page. */}
      <form
        className="card fixed-internet__form"
        method="post"
        action={localePath(FIXED_INTERNET_PATH)}
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <input type="hidden" name="intent" value="show-bills" />
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
        <button type="submit" className="button button--block" {...unavailableWhen(hydrated && !enabled)}>
          {t('fixedInternet.showBills')}
        </button>
      </form>
      {busy ? <Loader label={t('journey.loading')} showLabel /> : null}
      {account ? (
        <form method="post" action={localePath(FIXED_INTERNET_PATH)}>
          <input type="hidden" name="intent" value="pay" />
          <input type="hidden" name="accountNo" value={account.result.accountNo} />
          <input type="hidden" name="email" value={account.email} />
          <InvoiceTable
            accountNo={account.result.accountNo}
            invoices={account.result.response.invoices}
            canPay={canPay}
            onPay={pay}
            careNumber={config?.customerCareNumber ?? ''}
          />
        </form>
      ) : null}
      <JourneyUssd config={config} jobs={['checkBalance']} />
    </section>
  );
}
