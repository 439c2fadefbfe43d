import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNaira } from '@portal/contract/rules';
import type { Bundle } from '@portal/contract/api/catalogue';
import { periodOf } from './bundle-groups';
import { dataText, periodLabel, validityText, voiceText } from './bundle-texts';

/** The name of the buy buttons' field: inside a journey's form, a plain form sends the chosen bundle. */
export const BUNDLE_FIELD = 'productCode';

/** One bundle of the list: its name, period, facts and price, and the button that buys it. */
export function BundleCard({ bundle, onSelect }: { bundle: Bundle; onSelect: (bundle: Bundle) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="bundle-card" data-product-code={bundle.productCode}>
      <div className="bundle-card__head">
        <h4 className="bundle-card__name">{bundle.name}</h4>
        <span className="bundle-card__period">{periodLabel(t, periodOf(bundle))}</span>
      </div>
      {bundle.description ? <p className="bundle-card__description">{bundle.description}</p> : null}
      <BundleFacts bundle={bundle} />
      <div className="bundle-card__buy">
        <strong className="bundle-card__price">
          {bundle.currency} {formatNaira(bundle.amount, i18n.language)}
        </strong>
        <button
          type="submit"
          name={BUNDLE_FIELD}
          value={bundle.productCode}
          className="button"
          aria-label={t('bundleList.buyLabel', {
            name: bundle.name,
            price: `${bundle.currency} ${formatNaira(bundle.amount, i18n.language)}`,
          })}
          onClick={(event) => {
            event.preventDefault();
            onSelect(bundle);
          }}
        >
          {t('bundleList.buy')}
        </button>
      </div>
    </li>
  );
}

/** What the bundle gives: data, voice and SMS when it has them, and always its validity. */
function BundleFacts({ bundle }: { bundle: Bundle }) {
  const { t } = useTranslation();
  return (
    <dl className="bundle-card__facts">
      {bundle.data ? <BundleFact term={t('bundleList.data')}>{dataText(t, bundle)}</BundleFact> : null}
      {bundle.voice ? <BundleFact term={t('bundleList.voice')}>{voiceText(t, bundle)}</BundleFact> : null}
      {bundle.sms ? <BundleFact term={t('bundleList.sms')}>{bundle.sms}</BundleFact> : null}
      <BundleFact term={t('bundleList.validity')}>{validityText(t, bundle)}</BundleFact>
    </dl>
  );
}

function BundleFact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
