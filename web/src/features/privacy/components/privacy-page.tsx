import { useTranslation } from 'react-i18next';
import { useContentPage } from '@/lib/content';
import { Loader } from '@/ui/loader';
import './privacy.css';

/** The content page of the privacy notice (spec §7 `privacy-policy-config`), in the page's language. */
export const PRIVACY_PAGE = 'privacy-policy-config';
export const PRIVACY_PATH = '/privacy-policy';

export type PrivacyContent = {
  title: string;
  intro: string;
  updated?: string;
  sections: { heading: string; items: string[] }[];
  contactTitle?: string;
  contactEmail?: string;
  contactAddress?: string;
};

/**
 * /privacy-policy: what the portal keeps (numbers, emails, lead addresses, payment records), why, for how
 * long and whom to contact, written in content so that the operator's lawyers change it without a release.
 */
export function PrivacyPage() {
  const { t } = useTranslation();
  const { data, isError } = useContentPage<PrivacyContent>(PRIVACY_PAGE);
  if (!data) {
    return (
      <section className="page container privacy">
        {isError ? <p role="alert">{t('common.tryAgainLater')}</p> : <Loader label={t('common.loading')} />}
      </section>
    );
  }
  return (
    <article className="page container privacy" aria-labelledby="privacy-title">
      <div className="card privacy__card">
        <h1 id="privacy-title" className="page__title">
          {data.title}
        </h1>
        <p className="page__lead">{data.intro}</p>
        {data.sections.map((section) => (
          <section key={section.heading} className="privacy__section">
            <h2>{section.heading}</h2>
            <ul>
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        ))}
        {data.contactEmail ? (
          <section className="privacy__section">
            <h2>{data.contactTitle}</h2>
            <p>
              <a href={`mailto:${data.contactEmail}`}>{data.contactEmail}</a>
            </p>
            {data.contactAddress ? <address>{data.contactAddress}</address> : null}
          </section>
        ) : null}
        {data.updated ? <p className="privacy__updated">{data.updated}</p> : null}
      </div>
    </article>
  );
}
