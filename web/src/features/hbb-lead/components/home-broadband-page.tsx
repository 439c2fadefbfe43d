import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatNaira } from '@portal/contract/rules';
import type { HbbOffer } from '@portal/contract/api/leads';
import { trackEvent } from '@/lib/analytics';
import { langParam, useLanguage, useLocalePath } from '@/lib/language';
import { PageLoading, usePageLoading, withCatalogue } from '@/ui/catalogue-page';
import { useHbbDevices } from '../api/get-devices';
import { leadLink, saveDevice } from '../utils/session';
import { DeviceImage } from './device-card';
import { usePlanText } from './plan-table';
import { HBB_SHELL } from './hbb-lead-page';
import './hbb-lead.css';
import { HOME_BROADBAND_PATH } from '@/lib/journey-paths';
import { TryAgain } from '@/ui/try-again';

/**
 * /home-broadband: the market's home-broadband devices and their plans (content/data via the server). A
 * plan's "Choose" saves the device details `/hbb-lead` reads (docs/decisions/0030) and opens it; the link
 * also carries the choice in its address, so a browser without JavaScript gets the same lead page.
 */
export const HomeBroadbandPage = withCatalogue(HomeBroadband, HBB_SHELL);

function HomeBroadband() {
  const { t } = useTranslation();
  const loading = usePageLoading(HBB_SHELL);
  const devices = useHbbDevices(langParam(useLanguage()));

  if (devices.isPending) return <PageLoading {...loading} />;
  return (
    <section className="page container hbb" aria-labelledby="hbb-products-title">
      <h1 id="hbb-products-title" className="page__title">
        {t('hbbProducts.title')}
      </h1>
      <p className="page__lead">{t('hbbProducts.intro')}</p>
      {devices.isError || !devices.data ? (
        <div className="card hbb-notice" role="alert">
          <p>{t('hbb.loadFailed')}</p>
          <TryAgain onRetry={() => devices.refetch()} />
        </div>
      ) : (
        <div className="hbb-products">
          {devices.data.offers.map((offer) => (
            <DeviceOffer key={offer.device.id} offer={offer} />
          ))}
        </div>
      )}
    </section>
  );
}

function DeviceOffer({ offer }: { offer: HbbOffer }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const text = usePlanText();
  const titleId = `hbb-product-${offer.device.id}`;
  return (
    <article className="card hbb-product" aria-labelledby={titleId}>
      <div className="hbb-product__device">
        <DeviceImage device={offer.device} />
        <div>
          <h2 id={titleId} className="hbb-device__name">
            {offer.device.name}
          </h2>
          <ul className="hbb-device__features">
            {offer.device.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </div>
      </div>
      <ul className="hbb-product__plans">
        {offer.plans.map((plan) => {
          const to = localePath(leadLink(offer.device.id, plan.code));
          return (
            <li key={plan.code} className="hbb-product__plan">
              <span className="hbb-plans__name">{plan.description}</span>
              <span>
                {text.data(plan)} · {text.validity(plan)}
              </span>
              <span className="hbb-plans__price">{text.price(plan.amount, plan.currency)}</span>
              <Link
                className="button"
                to={to}
                aria-label={t('hbbProducts.chooseLabel', {
                  plan: plan.description,
                  device: offer.device.name,
                })}
                // Saved before the link opens the lead page, which reads it.
                onClick={() => {
                  saveDevice({ id: offer.device.id, planCode: plan.code, redirectUrl: HOME_BROADBAND_PATH });
                  trackEvent('hbb_device_chosen', { device: offer.device.id, plan: plan.code });
                }}
              >
                {t('hbbProducts.choose')}
              </Link>
            </li>
          );
        })}
      </ul>
      <p className="hbb-plans__note">
        {t('hbb.plans.note', { fee: `N${formatNaira(offer.connectionFee)}` })}
      </p>
    </article>
  );
}
