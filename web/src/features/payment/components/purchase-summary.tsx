import { useTranslation } from 'react-i18next';
import { COUNTRY_CODE, formatNaira } from '@portal/contract/rules';
import { formatCalendarDay } from '@/lib/dates';
import type { PurchaseContext } from '@/lib/purchase-context';
import { DualCurrencyAmounts } from './dual-currency';

type Row = { key: string; label: string; value: string };

/** Right-hand purchase summary (spec §2). */
export function PurchaseSummary({ context }: { context: PurchaseContext }) {
  const { t, i18n } = useTranslation();
  const currency = context.currency || 'NGN';
  const bundle = context.bundleInfo;
  const invoice = context.invoiceDetail;
  const data = bundle?.data ?? context.data;
  const dataUnit = bundle?.dataUnit ?? context.dataUnit ?? '';
  // The invoice's days as the invoice table writes them.
  const day = (value: string) => formatCalendarDay(value, i18n.language);

  const rows: Row[] = [
    { key: 'mobile', label: t('payment.summary.mobileNumber'), value: `+${COUNTRY_CODE} ${context.msisdn}` },
  ];
  const plan = context.description;
  if (plan) rows.push({ key: 'plan', label: t('payment.summary.plan'), value: plan });
  const description = bundle?.description;
  if (description && description !== plan)
    rows.push({ key: 'description', label: t('payment.summary.description'), value: description });
  if (data) rows.push({ key: 'data', label: t('payment.summary.data'), value: `${data} ${dataUnit}`.trim() });
  if (invoice?.accountNo)
    rows.push({ key: 'account', label: t('payment.summary.accountNumber'), value: invoice.accountNo });
  if (invoice?.invoiceNo)
    rows.push({ key: 'invoice', label: t('payment.summary.invoiceNumber'), value: invoice.invoiceNo });
  if (invoice?.billingStartDate)
    rows.push({
      key: 'start',
      label: t('payment.summary.billingStart'),
      value: day(invoice.billingStartDate),
    });
  if (invoice?.billingEndDate)
    rows.push({ key: 'end', label: t('payment.summary.billingEnd'), value: day(invoice.billingEndDate) });
  if (invoice?.dueDate)
    rows.push({ key: 'due', label: t('payment.summary.dueDate'), value: day(invoice.dueDate) });

  return (
    <aside className="card purchase-summary" aria-labelledby="purchase-summary-title">
      <p className="purchase-summary__eyebrow">{t('payment.summary.heading')}</p>
      <h2 id="purchase-summary-title" className="purchase-summary__title">
        {context.rechargeType
          ? // The journey's name is an API value ('PREPAID RECHARGE'); shown in the page's language where known.
            t(`payment.rechargeType.${context.rechargeType}`, { defaultValue: context.rechargeType })
          : t('payment.bundlePurchase')}
      </h2>
      <dl className="rows">
        {rows.map((row) => (
          <div key={row.key} className="rows__row">
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      <div className="purchase-summary__total">
        <span>{t('payment.summary.amount')}</span>
        <strong>
          {currency} {formatNaira(context.amount, i18n.language)}
        </strong>
      </div>
      {context.enableDualCurrency ? <DualCurrencyAmounts context={context} /> : null}
    </aside>
  );
}
