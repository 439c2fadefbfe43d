import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '@/lib/language';
import './home-broadband-link.css';

/**
 * The way from a mobile-data journey (broadband recharge, data bundles) to the home-broadband product view,
 * whose choice opens the lead page. Texts: `journey.homeBroadband.*` of the journey catalogue.
 */
export function HomeBroadbandLink() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <aside className="card home-broadband-link" aria-labelledby="home-broadband-link-title">
      <h2 id="home-broadband-link-title" className="home-broadband-link__title">
        {t('journey.homeBroadband.title')}
      </h2>
      <p>{t('journey.homeBroadband.text')}</p>
      <Link className="button button--ghost" to={localePath('/home-broadband')}>
        {t('journey.homeBroadband.link')}
      </Link>
    </aside>
  );
}
