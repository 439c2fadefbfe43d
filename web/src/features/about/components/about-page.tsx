import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '@/lib/language';
import './about.css';

const SERVICES = [
  'about.service.recharge',
  'about.service.bundles',
  'about.service.bills',
  'about.service.help',
];

/** /about, also shown for unknown paths (spec §2). */
export function AboutPage() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <section className="page container about" aria-labelledby="about-title">
      <div className="card about__card">
        <h1 id="about-title" className="page__title">
          {t('about.title')}
        </h1>
        <p className="page__lead">{t('about.intro')}</p>
        <ul className="about__list">
          {SERVICES.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
        <p>{t('about.noLogin')}</p>
        <Link className="button" to={localePath('/')}>
          {t('common.goHome')}
        </Link>
      </div>
    </section>
  );
}
