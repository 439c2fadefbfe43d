import { useTranslation } from 'react-i18next';
import { TRANSLATION_CACHE_SECONDS, useContentPage } from '@/lib/content';
import { ContentLink, type ContentLinkData } from './content-link';

/** The `footer` page holds the structure with text keys; `footer-translation` holds the texts. */
export type FooterContent = {
  sections?: { title: string; links: ContentLinkData[] }[];
  social?: ContentLinkData[];
  legal?: ContentLinkData[];
};
export type FooterTexts = Record<string, string>;

export function Footer() {
  const { t } = useTranslation();
  const { data: content } = useContentPage<FooterContent>('footer');
  const { data: texts } = useContentPage<FooterTexts>('footer-translation', {
    sessionCacheSeconds: TRANSLATION_CACHE_SECONDS,
  });
  const text = (key: string) => texts?.[key] ?? key;
  const year = String(new Date().getFullYear());

  return (
    <footer className="site-footer">
      <div className="container">
        {content?.sections?.length ? (
          <div className="site-footer__sections">
            {content.sections.map((section) => (
              <nav key={section.title} className="site-footer__section" aria-label={text(section.title)}>
                <h2 className="site-footer__title">{text(section.title)}</h2>
                <ul>
                  {section.links.map((link) => (
                    <li key={link.label}>
                      <ContentLink link={link}>{text(link.label)}</ContentLink>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
        ) : null}
        <div className="site-footer__bottom">
          {content?.social?.length ? (
            <ul className="site-footer__social" aria-label={text('followUs')}>
              {content.social.map((link) => (
                <li key={link.label}>
                  <ContentLink link={link}>{text(link.label)}</ContentLink>
                </li>
              ))}
            </ul>
          ) : null}
          {content?.legal?.length ? (
            <ul className="site-footer__legal">
              {content.legal.map((link) => (
                <li key={link.label}>
                  <ContentLink link={link}>{text(link.label)}</ContentLink>
                </li>
              ))}
            </ul>
          ) : null}
          <p className="site-footer__copy">
            {texts?.copyright ? texts.copyright.replace('{{year}}', year) : t('common.copyright', { year })}
          </p>
        </div>
      </div>
    </footer>
  );
}
