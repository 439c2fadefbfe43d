import { useCallback, useRef, type FocusEvent, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  splitLanguagePath,
  storeLanguage,
  useLanguages,
  withLanguagePrefix,
  type Language,
} from '@/lib/language';
import { useOutsideClick } from '@/ui/use-outside-click';

/**
 * The language chooser: each language by its own name, a link to the same page under its prefix, so it works
 * without JavaScript too. Two languages sit side by side; more open from a menu (a native disclosure).
 * The choice is kept as spec §3 keeps it (sessionStorage); a prefixed page stores its language itself.
 */
export function LanguageSwitch() {
  const languages = useLanguages();
  const location = useLocation();
  const { t } = useTranslation();
  const menu = useRef<HTMLDetailsElement>(null);
  const { language: current, path } = splitLanguagePath(location.pathname, languages);
  const close = useCallback(() => {
    if (menu.current) menu.current.open = false;
  }, []);
  // Always listening: closing a closed menu does nothing, and the menu's own state stays the element's.
  useOutsideClick(menu, true, close);

  if (languages.length < 2) return null;

  const link = (language: Language, className: string) => {
    const code = language.code.toLowerCase();
    return (
      <Link
        className={className}
        to={{ pathname: withLanguagePrefix(path, language), search: location.search }}
        lang={code}
        hrefLang={code}
        aria-current={language.code === current.code ? 'true' : undefined}
        onClick={() => {
          // The unprefixed language must be stored before the move, or the layout would send the visitor
          // back to the stored language's prefix.
          if (!language.prefix) storeLanguage(language.code);
          if (menu.current) menu.current.open = false;
        }}
      >
        {language.label}
      </Link>
    );
  };

  if (languages.length === 2) {
    return (
      <nav className="lang-switch" aria-label={t('common.language')}>
        {languages.map((language) => (
          <span key={language.code}>{link(language, 'lang-switch__option')}</span>
        ))}
      </nav>
    );
  }

  return (
    <details
      className="lang-menu"
      ref={menu}
      onKeyDown={(event) => onMenuKey(event, menu.current)}
      onBlur={(event: FocusEvent) => {
        // Tabbing past the last language closes the menu, as a click elsewhere does.
        if (!menu.current?.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <summary className="lang-menu__current">
        <span className="visually-hidden">{`${t('common.language')}: `}</span>
        <span lang={current.code.toLowerCase()}>{current.label}</span>
      </summary>
      <ul className="lang-menu__list" aria-label={t('common.language')}>
        {languages.map((language) => (
          <li key={language.code}>{link(language, 'lang-menu__option')}</li>
        ))}
      </ul>
    </details>
  );
}

/** Escape closes the open menu and gives focus back to its button (a disclosure of links: Tab moves on). */
function onMenuKey(event: KeyboardEvent, menu: HTMLDetailsElement | null) {
  if (event.key !== 'Escape' || !menu?.open) return;
  event.preventDefault();
  menu.open = false;
  menu.querySelector('summary')?.focus();
}
