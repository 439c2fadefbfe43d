import { useTranslation } from 'react-i18next';
import type { Invoice } from '@portal/contract/api/bills';
import { useConfig } from '@/lib/config';
import { FIXED_INTERNET_PATH } from '@/lib/journey-paths';
import { useLocalePath } from '@/lib/language';
import { Loader } from '@/ui/loader';
import { journeyPage } from '@/ui/journey-page';
import { JourneyUssd } from '@/ui/journey-ussd';
import { payerMsisdn } from '../utils/fixed-internet-rules';
import { InvoiceTable } from './invoice-table';
import { ShowBillsForm } from './show-bills-form';
import { usePayInvoice } from './use-pay-invoice';
import { useShowBills, type ShownAccount } from './use-show-bills';
import './fixed-internet.css';

/**
 * /orp/fixed-internet (spec §2, §5): account number and email, 'show bills' once both are valid, the open
 * invoices with the overdue ones flagged, and PAY BILL per invoice (its details go into the purchase summary).
 */
export const FixedInternetPage = journeyPage(FixedInternet);

function FixedInternet() {
  const { t } = useTranslation();
  const { data: config } = useConfig();
  const bills = useShowBills();
  const pay = usePayInvoice(bills.account, config);

  return (
    <section className="page container fixed-internet" aria-labelledby="fixed-internet-title">
      <h1 id="fixed-internet-title" className="page__title">
        {t('fixedInternet.title')}
      </h1>
      <p className="page__lead">{t('fixedInternet.subtitle')}</p>
      {/* Without JavaScript the server shows the invoices, and a PAY BILL opens the payment page. */}
      <ShowBillsForm bills={bills} />
      {bills.busy ? <Loader label={t('journey.loading')} showLabel /> : null}
      {bills.account ? (
        <InvoicesForm account={bills.account} onPay={pay} careNumber={config?.customerCareNumber ?? ''} />
      ) : null}
      <JourneyUssd config={config} jobs={['checkBalance']} />
    </section>
  );
}

/** The open invoices, in a form of their own: without JavaScript a PAY BILL posts the account with it. */
function InvoicesForm({
  account,
  onPay,
  careNumber,
}: {
  account: ShownAccount;
  onPay: (invoice: Invoice) => void;
  careNumber: string;
}) {
  const localePath = useLocalePath();
  return (
    <form method="post" action={localePath(FIXED_INTERNET_PATH)}>
      <input type="hidden" name="intent" value="pay" />
      <input type="hidden" name="accountNo" value={account.result.accountNo} />
      <input type="hidden" name="email" value={account.email} />
      <InvoiceTable
        accountNo={account.result.accountNo}
        invoices={account.result.response.invoices}
        canPay={payerMsisdn(account.result) !== undefined}
        onPay={onPay}
        careNumber={careNumber}
      />
    </form>
  );
}
