import { useCallback, useMemo } from 'react';
import { useLocation } from 'react-router';
import { useConfig } from './config';

/**
 * Language state of spec §3: `selectedLanguage` (default EN) kept in sessionStorage, and the path prefix
 * ('' for EN, '/sw' for Swahili). The set of languages is configuration (configData.languages), so adding a
 * language takes a content catalogue and a config entry, no code. The built-in list is used until the
 * configuration has loaded (or if it cannot be loaded).
 */
export type Language = { code: string; label: string; prefix: string };

export const DEFAULT_LANGUAGES: readonly Language[] = [
  { code: 'EN', label: 'EN', prefix: '' },
  { code: 'SW', label: 'Swahili', prefix: '/sw' },
];

export const LANGUAGE_STORAGE_KEY = 'selectedLanguage';

function normalise(languages: readonly Language[]): readonly Language[] {
  const list = languages.filter((l) => l && typeof l.code === 'string');
  return list.length > 0 ? list : DEFAULT_LANGUAGES;
}

export function defaultLanguage(languages: readonly Language[]): Language {
  return languages.find((l) => !l.prefix) ?? languages[0] ?? DEFAULT_LANGUAGES[0]!;
}

/** The code the content backend and i18next use: `en`, `sw`. */
export function langParam(language: Language): string {
  return language.code.toLowerCase();
}

export function getStoredLanguage(): string | undefined {
  try {
    return sessionStorage.getItem(LANGUAGE_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function storeLanguage(code: string): void {
  try {
    sessionStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // Storage disabled: the URL prefix still carries the language.
  }
}

/** Splits '/sw/about' into the Swahili language and '/about'. Paths without a known prefix are the default's. */
export function splitLanguagePath(
  pathname: string,
  languages: readonly Language[],
): { language: Language; path: string; prefixed: boolean } {
  for (const language of languages) {
    const prefix = language.prefix.replace(/\/$/, '');
    if (!prefix) continue;
    if (pathname === prefix || pathname.startsWith(prefix + '/')) {
      return { language, path: pathname.slice(prefix.length) || '/', prefixed: true };
    }
  }
  return { language: defaultLanguage(languages), path: pathname || '/', prefixed: false };
}

/** '/about' in Swahili is '/sw/about'; '/' is '/sw'. */
export function withLanguagePrefix(path: string, language: Language): string {
  const prefix = language.prefix.replace(/\/$/, '');
  if (!prefix) return path;
  return path === '/' ? prefix : prefix + path;
}

/** The configured languages; the same array until the configuration changes (effects may depend on it). */
export function useLanguages(): readonly Language[] {
  const configured = useConfig().data?.languages;
  return useMemo(() => normalise(configured ?? DEFAULT_LANGUAGES), [configured]);
}

/** The language of the current page, taken from the URL prefix. */
export function useLanguage(): Language {
  const languages = useLanguages();
  const { pathname } = useLocation();
  return splitLanguagePath(pathname, languages).language;
}

/** Turns an app path ('/prepaid-recharge') into the path of the current language ('/sw/prepaid-recharge'). */
export function useLocalePath(): (path: string) => string {
  const language = useLanguage();
  return useCallback(
    (path: string) => (path.startsWith('/') ? withLanguagePrefix(path, language) : path),
    [language],
  );
}
