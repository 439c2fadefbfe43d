import { useTranslation } from 'react-i18next';
import { formatNaira } from '@portal/contract/rules';
import type { Invoice } from '@portal/contract/api/bills';
import { formatCalendarDay } from '@/lib/dates';
import { isOverdue } from '../utils/fixed-internet-rules';
import { unavailableWhen } from '@/ui/unavailable';

type Props = {
  accountNo: string;
  invoices: Invoice[];
  canPay: boolean;
  careNumber: string;
  onPay: (invoice: Invoice) => void;
};

/** The columns' names (keys `fixedInternet.col*`), in order. */
const COLUMNS = ['colInvoice', 'colPeriod', 'colDue', 'colAmount', 'colStatus', 'colAction'] as const;

/**
 * The open invoices (spec §2): overdue ones flagged in words, PAY BILL per invoice. On a phone the CSS draws each
 * invoice as a card, each value under its column's name (fixed-internet.css): the names in the cells are hidden
 * from screen readers, which hear the column headers; the table's roles are written out, as a browser may drop
 * them from table parts the CSS no longer draws as a table.
 */
export function InvoiceTable({ accountNo, invoices, canPay, careNumber, onPay }: Props) {
  const { t, i18n } = useTranslation();
  const date = (day: string) => formatCalendarDay(day, i18n.language);
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
            <table className="invoices__table" role="table">
              <thead role="rowgroup">
                <tr role="row">
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" role="columnheader">
                      {t(`fixedInternet.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody role="rowgroup">
                {invoices.map((invoice) => {
                  const overdue = isOverdue(invoice);
                  const amount = `${invoice.currency} ${formatNaira(invoice.outstandingAmount, i18n.language)}`;
                  return (
                    <tr
                      key={invoice.invoiceNo}
                      role="row"
                      className={overdue ? 'invoices__row invoices__row--overdue' : 'invoices__row'}
                    >
                      <th scope="row" role="rowheader" className="invoices__number">
                        <ColumnName>{t('fixedInternet.colInvoice')}</ColumnName>
                        <span>{invoice.invoiceNo}</span>
                      </th>
                      <td role="cell" className="invoices__period">
                        <ColumnName>{t('fixedInternet.colPeriod')}</ColumnName>
                        <span>
                          <span className="invoices__day">{date(invoice.billingStartDate)}</span>
                          {' – '}
                          <span className="invoices__day">{date(invoice.billingEndDate)}</span>
                        </span>
                      </td>
                      <td role="cell" className="invoices__due">
                        <ColumnName>{t('fixedInternet.colDue')}</ColumnName>
                        <span className="invoices__day">{date(invoice.dueDate)}</span>
                      </td>
                      <td role="cell" className="invoices__amount">
                        <ColumnName>{t('fixedInternet.colAmount')}</ColumnName>
                        <span>{amount}</span>
                      </td>
                      <td role="cell" className="invoices__status">
                        <span
                          className={overdue ? 'invoices__badge invoices__badge--overdue' : 'invoices__badge'}
                        >
                          {overdue ? t('fixedInternet.overdue') : t('fixedInternet.open')}
                        </span>
                      </td>
                      <td role="cell" className="invoices__action">
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

/** A cell's column name, shown on a phone where the header row is not (screen readers hear the header). */
function ColumnName({ children }: { children: string }) {
  return (
    <span className="invoices__label" aria-hidden="true">
      {children}
    </span>
  );
}
