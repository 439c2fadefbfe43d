import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNaira } from '@portal/contract/rules';
import type { HbbOffer, HbbPlan } from '@portal/contract/api/leads';
import { amountDue } from '../utils/lead';

export function usePlanText() {
  const { t, i18n } = useTranslation();
  return {
    data: (plan: HbbPlan) =>
      /^unlimited$/i.test(plan.data) ? t('hbb.plans.unlimited') : `${plan.data} ${plan.dataUnit}`.trim(),
    validity: (plan: HbbPlan) => {
      if (plan.validity < 0) return t('hbb.plans.unlimited');
      // Days are said in the page's language, as the bundle list says them; another unit as the catalogue has it.
      if (/^days?$/i.test(plan.validityUnit)) return t('hbb.plans.days', { count: plan.validity });
      return t('hbb.plans.validityValue', { value: plan.validity, unit: plan.validityUnit });
    },
    price: (amount: number, currency: string) => `${currency} ${formatNaira(amount, i18n.language)}`,
  };
}

/**
 * Spec §2: the plan table (radio, description, data, validity, price) with the note on taxes and the fee. On a
 * phone the CSS draws each row as a card, each value under its column's name (hbb-lead.css): the names in the
 * cells are hidden from screen readers, which hear the column headers; the table's roles are written out, as a
 * browser may drop them from table parts the CSS no longer draws as a table.
 */
export function PlanTable({
  offer,
  selected,
  onSelect,
}: {
  offer: HbbOffer;
  selected: string | undefined;
  onSelect: (code: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const text = usePlanText();
  return (
    <div className="hbb-plans">
      <div className="hbb-plans__scroll">
        <table className="hbb-plans__table" role="table">
          <caption className="visually-hidden">
            {t('hbb.plans.caption', { device: offer.device.name })}
          </caption>
          {/* The columns' widths before any cell: a paint between two chunks of HTML keeps them. */}
          <colgroup>
            <col className="hbb-plans__col-select" />
            <col />
            <col className="hbb-plans__col-term" />
            <col className="hbb-plans__col-term" />
            <col className="hbb-plans__col-price" />
          </colgroup>
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader">
                <span className="visually-hidden">{t('hbb.plans.select')}</span>
              </th>
              <th scope="col" role="columnheader">
                {t('hbb.plans.description')}
              </th>
              <th scope="col" role="columnheader">
                {t('hbb.plans.data')}
              </th>
              <th scope="col" role="columnheader">
                {t('hbb.plans.validity')}
              </th>
              <th scope="col" role="columnheader">
                {t('hbb.plans.price')}
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {offer.plans.map((plan) => {
              const inputId = `${id}-${plan.code}`;
              const checked = plan.code === selected;
              return (
                <tr
                  key={plan.code}
                  role="row"
                  className={checked ? 'hbb-plans__row hbb-plans__row--selected' : 'hbb-plans__row'}
                  onClick={() => onSelect(plan.code)}
                >
                  <td role="cell">
                    <input
                      id={inputId}
                      type="radio"
                      // Sent as the plan by the plain form (web/src/server/hbb-lead-action.ts).
                      name="plan"
                      value={plan.code}
                      checked={checked}
                      onChange={() => onSelect(plan.code)}
                    />
                  </td>
                  <td role="cell">
                    <label htmlFor={inputId} className="hbb-plans__name">
                      {plan.description}
                    </label>
                  </td>
                  <td role="cell">
                    <ColumnName>{t('hbb.plans.data')}</ColumnName>
                    <span>{text.data(plan)}</span>
                  </td>
                  <td role="cell">
                    <ColumnName>{t('hbb.plans.validity')}</ColumnName>
                    <span>{text.validity(plan)}</span>
                  </td>
                  <td role="cell" className="hbb-plans__price">
                    <ColumnName>{t('hbb.plans.price')}</ColumnName>
                    <span>{text.price(plan.amount, plan.currency)}</span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="hbb-plans__note">
        {t('hbb.plans.note', { fee: `N${formatNaira(offer.connectionFee, i18n.language)}` })}
      </p>
    </div>
  );
}

/** A cell's column name, shown on a phone where the header row is not (screen readers hear the header). */
function ColumnName({ children }: { children: string }) {
  return (
    <span className="hbb-plans__label" aria-hidden="true">
      {children}
    </span>
  );
}

/** The selected plan card beside the device, with what is due now. */
export function SelectedPlanCard({ offer, plan }: { offer: HbbOffer; plan: HbbPlan | undefined }) {
  const { t } = useTranslation();
  const text = usePlanText();
  return (
    <section className="card hbb-selected" aria-labelledby="hbb-selected-title" aria-live="polite">
      <h2 id="hbb-selected-title" className="hbb-selected__title">
        {t('hbb.selectedPlan')}
      </h2>
      {plan ? (
        <>
          <p className="hbb-selected__name">{plan.description}</p>
          <p className="hbb-selected__meta">
            {text.data(plan)} · {text.validity(plan)}
          </p>
          <dl className="hbb-selected__lines">
            <div>
              <dt>{t('hbb.summary.plan')}</dt>
              <dd>{text.price(plan.amount, plan.currency)}</dd>
            </div>
            <div>
              <dt>{t('hbb.summary.connectionFee')}</dt>
              <dd>{text.price(offer.connectionFee, offer.currency)}</dd>
            </div>
            <div className="hbb-selected__total">
              <dt>{t('hbb.summary.total')}</dt>
              <dd>{text.price(amountDue(plan, offer), plan.currency)}</dd>
            </div>
          </dl>
        </>
      ) : (
        <p className="hbb-selected__empty">{t('hbb.noPlanSelected')}</p>
      )}
    </section>
  );
}
