import { useTranslation } from 'react-i18next';
import type { Bundle } from '@portal/contract/api/catalogue';
import { formatNaira } from '@portal/contract/rules';
import { useConfig } from '@/lib/config';
import { usePlans, type PlanKind } from '../api/get-plans';
import './tariffs.css';

export const MOBILE_PLANS: PlanKind = { lineType: 'PREPAID' };
export const BROADBAND_PLANS: PlanKind = { serviceType: 'BROADBAND' };

/**
 * /table (spec §2: exists, content not shown; docs/decisions/0050): the market's tariffs at a glance, the
 * recharge limits and every plan with its data, validity and price, from the catalogue the journeys sell.
 */
export function TariffTablePage() {
  const { t, i18n } = useTranslation();
  const config = useConfig().data;
  const currency = config?.currency ?? 'NGN';
  const money = (amount: number) => `${currency} ${formatNaira(amount, i18n.language)}`;

  return (
    <section className="page container tariffs" aria-labelledby="tariffs-title">
      <h1 id="tariffs-title" className="page__title">
        {t('tariff.title')}
      </h1>
      <p className="page__lead">{t('tariff.lead')}</p>
      {config ? (
        <section className="card tariffs__limits" aria-labelledby="tariffs-limits">
          <h2 id="tariffs-limits">{t('tariff.limitsTitle')}</h2>
          <dl className="rows">
            <div className="rows__row">
              <dt>{t('tariff.prepaidLimits')}</dt>
              <dd>{`${money(config.preMinAmnt)} – ${money(config.preMaxAmnt)}`}</dd>
            </div>
            <div className="rows__row">
              <dt>{t('tariff.postpaidLimits')}</dt>
              <dd>{`${money(config.postMinAmnt)} – ${money(config.postMaxAmnt)}`}</dd>
            </div>
          </dl>
        </section>
      ) : null}
      <PlanTable kind={MOBILE_PLANS} titleKey="tariff.mobileBundles" id="tariffs-mobile" />
      <PlanTable kind={BROADBAND_PLANS} titleKey="tariff.broadbandPlans" id="tariffs-broadband" />
    </section>
  );
}

function PlanTable({ kind, titleKey, id }: { kind: PlanKind; titleKey: string; id: string }) {
  const { t, i18n } = useTranslation();
  const plans = usePlans(kind);
  const data = (plan: Bundle) =>
    /^unlimited$/i.test(plan.data)
      ? t('bundleList.unlimited')
      : `${plan.data} ${plan.dataUnit}`.trim() || '–';
  const validity = (plan: Bundle) =>
    plan.validity === -1 ? t('bundleList.unlimited') : t('bundleList.days', { count: plan.validity });
  return (
    <section className="card tariffs__plans" aria-labelledby={id}>
      <h2 id={id}>{t(titleKey)}</h2>
      {plans.isError ? <p role="alert">{t('bundleList.failed')}</p> : null}
      <div className="tariffs__scroll">
        <table className="tariffs__table">
          {/* The columns' widths before any cell: a paint between two chunks of HTML keeps them. */}
          <colgroup>
            <col className="tariffs__col-plan" />
            <col className="tariffs__col-data" />
            <col className="tariffs__col-validity" />
            <col />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">{t('tariff.colPlan')}</th>
              <th scope="col">{t('bundleList.data')}</th>
              <th scope="col">{t('bundleList.validity')}</th>
              <th scope="col">{t('tariff.colPrice')}</th>
            </tr>
          </thead>
          <tbody>
            {(plans.data ?? []).map((plan) => (
              <tr key={plan.productCode}>
                <th scope="row">{plan.name}</th>
                <td>{data(plan)}</td>
                <td>{validity(plan)}</td>
                <td>{`${plan.currency} ${formatNaira(plan.amount, i18n.language)}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
