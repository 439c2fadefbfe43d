import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { typedMobileNumber } from '@portal/contract/rules';
import { useConfig } from '@/lib/config';
import { serverError, useFormResult, useNumberFromFormOrQuery } from '@/lib/form-result';
import { useLocalePath } from '@/lib/language';
import { BundleList } from '@/domain/bundles/bundle-list';
import { journeyPage } from '@/ui/journey-page';
import { MsisdnField, lineAccepted, useLineCheck } from '@/domain/number-check/msisdn-field';
import { WithoutScript } from '@/ui/without-script';
import { dataBundleLineTypes, dataBundleRefusal } from '../utils/data-bundle-rules';
import { HomeBroadbandLink } from '@/ui/home-broadband-link';
import { JourneyUssd } from '@/ui/journey-ussd';
import './data-bundle.css';
import { DATA_BUNDLE_PATH } from '@/lib/journey-paths';

export const DATA_BUNDLE_REQUEST = 'PREPAID_BUNDLES';

/** /data-bundle (spec §2): the number only, then the bundle list once the number is validated. */
export const DataBundlePage = journeyPage(DataBundle);

function DataBundle() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  // A plain form sent to the server comes back with the number (and its bundles, once accepted).
  const result = useFormResult();
  const [msisdn, setMsisdn] = useState(useNumberFromFormOrQuery(result, 'msisdn', typedMobileNumber));
  const { data: config } = useConfig();
  const expected = dataBundleLineTypes(config?.enablePostpaidBundles ?? false);
  const check = useLineCheck(msisdn, { requestType: DATA_BUNDLE_REQUEST });

  return (
    <section className="page container data-bundle" aria-labelledby="data-bundle-title">
      <h1 id="data-bundle-title" className="page__title">
        {t('dataBundle.title')}
      </h1>
      <p className="page__lead">{t('dataBundle.subtitle')}</p>
      {/* With JavaScript the list follows the number; without, the form asks the server for it. */}
      <form method="post" action={localePath(DATA_BUNDLE_PATH)} onSubmit={(event) => event.preventDefault()}>
        <div className="card data-bundle__form">
          <MsisdnField
            value={msisdn}
            onChange={setMsisdn}
            check={check}
            expected={expected}
            refusal={dataBundleRefusal}
            hint={t('dataBundle.enterNumber')}
            serverError={serverError(result, 'msisdn', msisdn)}
          />
          <WithoutScript>
            <button type="submit" className="button">
              {t('dataBundle.showBundles')}
            </button>
          </WithoutScript>
        </div>
        {lineAccepted(check, expected) ? (
          <BundleList msisdn={msisdn} lineType={check.lineType} redirectPage={DATA_BUNDLE_PATH} />
        ) : null}
      </form>
      <JourneyUssd config={config} jobs={['buyData', 'checkBalance']} />
      <HomeBroadbandLink />
    </section>
  );
}
