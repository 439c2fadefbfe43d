import { useTranslation } from 'react-i18next';
import { Loader } from './loader';

/** What a journey page (bundles, bills, broadband, fixed internet) shows until its texts have arrived. */
export function JourneyLoading() {
  const { t } = useTranslation();
  return (
    <section className="page container">
      <Loader label={t('journey.loading', { defaultValue: 'Loading...' })} />
    </section>
  );
}
