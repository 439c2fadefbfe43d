import { useTranslation } from 'react-i18next';
import { formatNaira } from '@portal/contract/rules';
import type { Invoice } from '@portal/contract/api/bills';
import { isOverdue } from '../utils/fixed-internet-rules';
import { unavailableWhen } from '@/ui/unavailable';

type Props = {
  accountNo: string;
  invoices: Invoice[];
  canPay: boolean;
  careNumber: string;
  onPay: (invoice: Invoice) => void;
};

/** The open invoices (spec §2): overdue ones flagged, PAY BILL per invoice. */
export function InvoiceTable({ accountNo, invoices, canPay, careNumber, onPay }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <section className="card invoices" aria-labelledby="invoices-title">
      <h2 id="invoices-title" className="invoices__title">
        {t('fixedInternet.invoicesTitle', { accountNo })}
      </h2>
      {invoices.length === 0 ? (
        <p>{t('fixedInternet.noInvoices')}</p>
      ) : (
        <>
          {!canPay ? <p className="invoices__note">{t('fixedInternet.noContact', { careNumber })}</p> : null}
          <div className="invoices__scroll">
            <table className="invoices__table">
              <thead>
                <tr>
                  <th scope="col">{t('fixedInternet.colInvoice')}</th>
                  <th scope="col">{t('fixedInternet.colPeriod')}</th>
                  <th scope="col">{t('fixedInternet.colDue')}</th>
                  <th scope="col">{t('fixedInternet.colAmount')}</th>
                  <th scope="col">{t('fixedInternet.colStatus')}</th>
                  <th scope="col">{t('fixedInternet.colAction')}</th>
                </tr>
              </thead>
              <tbody>
                {invoices.map((invoice) => {
                  const overdue = isOverdue(invoice);
                  const amount = `${invoice.currency} ${formatNaira(invoice.outstandingAmount, i18n.language)}`;
                  return (
                    <tr
                      key={invoice.invoiceNo}
                      className={overdue ? 'invoices__row invoices__row--overdue' : 'invoices__row'}
                    >
                      <th scope="row">{invoice.invoiceNo}</th>
                      <td>{`${invoice.billingStartDate} – ${invoice.billingEndDate}`}</td>
                      <td>{invoice.dueDate}</td>
                      <td>{amount}</td>
                      <td>
                        <span
                          className={overdue ? 'invoices__badge invoices__badge--overdue' : 'invoices__badge'}
                        >
                          {overdue ? t('fixedInternet.overdue') : t('fixedInternet.open')}
                        </span>
                      </td>
                      <td>
                        <button
                          type="submit"
                          name="invoiceNo"
                          value={invoice.invoiceNo}
                          className="button"
                          // The name a voice user says (the visible PAY BILL) comes first (WCAG 2.5.3).
                          aria-label={`${t('fixedInternet.payBill')}, ${t('fixedInternet.payBillLabel', { invoiceNo: invoice.invoiceNo, amount })}`}
                          {...unavailableWhen(!canPay, (event) => {
                            event.preventDefault();
                            onPay(invoice);
                          })}
                        >
                          {t('fixedInternet.payBill')}
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
