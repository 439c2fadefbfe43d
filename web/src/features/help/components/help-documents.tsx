import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '@/lib/language';

/** The reference pages the help centre points to; texts in the `help-documents-translation` page. */
const DOCUMENTS = [
  { key: 'tariffs', path: '/table' },
  { key: 'coverage', path: '/openNetworks' },
  { key: 'privacy', path: '/privacy-policy' },
] as const;

/** The help centre's documents (spec §7 "help-documents translations"): what to read besides the answers. */
export function HelpDocuments() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <section className="help-documents card" aria-labelledby="help-documents-title">
      <h2 id="help-documents-title" className="help__section-title">
        {t('helpDocuments.title')}
      </h2>
      <ul className="help-documents__list">
        {DOCUMENTS.map((document) => (
          <li key={document.key}>
            <Link to={localePath(document.path)}>{t(`helpDocuments.${document.key}`)}</Link>
            <p>{t(`helpDocuments.${document.key}Text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
