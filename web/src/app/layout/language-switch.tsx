import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { splitLanguagePath, storeLanguage, useLanguages, withLanguagePrefix } from '@/lib/language';

/**
 * EN / Swahili switch: stores selectedLanguage and moves to the same page under the other prefix; the
 * layout then loads that language's texts.
 */
export function LanguageSwitch() {
  const languages = useLanguages();
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const { language: current, path } = splitLanguagePath(location.pathname, languages);

  if (languages.length < 2) return null;

  return (
    <div className="lang-switch" role="group" aria-label={t('common.language')}>
      {languages.map((language) => (
        <button
          key={language.code}
          type="button"
          className="lang-switch__option"
          aria-pressed={language.code === current.code}
          lang={language.code.toLowerCase()}
          onClick={() => {
            if (language.code === current.code) return;
            // A prefixed page stores its language itself; the unprefixed one must be stored first, or the
            // layout would send the visitor back to the stored language's prefix.
            if (!language.prefix) storeLanguage(language.code);
            navigate({ pathname: withLanguagePrefix(path, language), search: location.search });
          }}
        >
          {language.label}
        </button>
      ))}
    </div>
  );
}
