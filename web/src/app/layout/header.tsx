import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfig } from '@/lib/config';
import { useContentPage } from '@/lib/content';
import { useLocalePath } from '@/lib/language';
import { Logo } from '@/ui/logo';
import { LanguageSwitch } from './language-switch';
import './layout.css';

/** Content of the `header` page. */
export type HeaderContent = {
  brand?: string;
  tagline?: string;
  links?: { label: string; path: string }[];
};

export function Header() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { data: content } = useContentPage<HeaderContent>('header');
  const { data: config } = useConfig();
  const brand = content?.brand ?? config?.brandName ?? '';

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        {/* Named by what it shows (the brand), as a voice user would say it (WCAG 2.5.3). */}
        <Link to={localePath('/')} className="site-header__brand">
          <Logo size={36} />
          <span className="site-header__name">
            {brand}
            {content?.tagline ? <small>{content.tagline}</small> : null}
          </span>
        </Link>
        <LanguageSwitch />
      </div>
      {content?.links?.length ? (
        <nav className="site-nav" aria-label={t('common.mainNavigation')}>
          <ul className="container site-nav__list">
            {content.links.map((link) => (
              <li key={link.path}>
                <NavLink className="site-nav__link" to={localePath(link.path)}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
