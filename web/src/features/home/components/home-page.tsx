import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '@/lib/language';
import { useHomepageConfig } from '../api/get-homepage-config';
import { HomeSkeleton } from './home-skeleton';
import { QuickRecharge } from './quick-recharge';
import { TileIcon } from './tile-icon';
import './home.css';

/** Home (/): banner, image card, quick recharge and the journey tiles from `homepage-config`. */
export function HomePage() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { data: config, isPending } = useHomepageConfig();

  return (
    <div className="page home">
      <div className="container">
        <h1 className="visually-hidden">{t('home.title')}</h1>
        {isPending ? (
          <HomeSkeleton />
        ) : (
          <div className="home__hero">
            {config?.banner ? (
              <section className="home__banner" aria-labelledby="home-banner-title">
                <div className="home__banner-text">
                  <h2 id="home-banner-title">{config.banner.title}</h2>
                  {config.banner.subtitle ? <p>{config.banner.subtitle}</p> : null}
                  {config.banner.cta ? (
                    <Link className="button home__banner-cta" to={localePath(config.banner.cta.path)}>
                      {config.banner.cta.label}
                    </Link>
                  ) : null}
                </div>
                <span className="home__banner-art" aria-hidden="true" />
              </section>
            ) : null}
            {config?.imageCard ? (
              <section className="home__image-card" aria-labelledby="home-image-card-title">
                {config.imageCard.badge ? (
                  <span className="home__badge">{config.imageCard.badge}</span>
                ) : null}
                <h2 id="home-image-card-title">{config.imageCard.title}</h2>
                {config.imageCard.text ? <p>{config.imageCard.text}</p> : null}
                {config.imageCard.cta ? (
                  <Link className="home__image-card-link" to={localePath(config.imageCard.cta.path)}>
                    {/* One text node: the server's HTML joins adjacent texts, hydration must find the same. */}
                    {`${config.imageCard.cta.label} `}
                    <span aria-hidden="true">→</span>
                  </Link>
                ) : null}
              </section>
            ) : null}
            <QuickRecharge />
          </div>
        )}

        {config?.tiles?.length ? (
          <section className="home__tiles" aria-labelledby="home-tiles-title">
            <h2 id="home-tiles-title" className="home__section-title">
              {config.tilesTitle ?? t('home.journeys')}
            </h2>
            <ul className="home__tile-list">
              {config.tiles.map((tile) => (
                <li key={tile.id}>
                  <Link className="home__tile" to={localePath(tile.path)}>
                    <span className="home__tile-icon">
                      <TileIcon name={tile.icon} />
                    </span>
                    <span className="home__tile-title">{tile.title}</span>
                    {tile.description ? <span className="home__tile-text">{tile.description}</span> : null}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </div>
  );
}
