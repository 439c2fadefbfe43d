import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '@/lib/language';
import './about.css';

export function NotFoundPage() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <section className="page container about" aria-labelledby="not-found-title">
      <div className="card about__card about__card--center">
        <p className="about__code" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title" className="page__title">
          {t('notFound.title')}
        </h1>
        <p className="page__lead">{t('notFound.body')}</p>
        <Link className="button" to={localePath('/')}>
          {t('common.goHome')}
        </Link>
      </div>
    </section>
  );
}
