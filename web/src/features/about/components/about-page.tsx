import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '@/lib/language';
import { CardPage } from '@/ui/card-page';
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
    <CardPage
      titleId="about-title"
      title={t('about.title')}
      lead={t('about.intro')}
      className="about"
      cardClassName="about__card"
    >
      <ul className="about__list">
        {SERVICES.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      <p>{t('about.noLogin')}</p>
      <Link className="button" to={localePath('/')}>
        {t('common.goHome')}
      </Link>
    </CardPage>
  );
}
