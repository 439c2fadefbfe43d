import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/ui/skeleton';

/** Loading placeholder of spec §2: banner, image card and recharge area. */
export function HomeSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="home__hero" role="status" aria-live="polite">
      <span className="visually-hidden">{t('home.loading')}</span>
      <Skeleton className="home__banner-skeleton" />
      <Skeleton className="home__image-card-skeleton" />
      <div className="card quick-recharge" aria-hidden="true">
        <Skeleton style={{ height: '1.5rem', width: '55%', marginBottom: '1rem' }} />
        <Skeleton style={{ height: '2.9rem', marginBottom: '1rem' }} />
        <Skeleton style={{ height: '2.9rem', marginBottom: '1rem' }} />
        <Skeleton style={{ height: '2.9rem', borderRadius: '999px' }} />
      </div>
    </div>
  );
}
