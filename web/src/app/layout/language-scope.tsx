import { useEffect, useState, type ComponentType } from 'react';
import { Outlet, useParams } from 'react-router';
import { useLanguages, type Language } from '@/lib/language';

/** Whether the optional first segment names a configured language ('sw' for '/sw/...'). */
export function isKnownLanguage(lang: string | undefined, prefixes: readonly string[]): boolean {
  return lang === undefined || prefixes.includes(lang);
}

/** The configured language prefixes without slashes ('sw'). */
export function languagePrefixes(languages: readonly Language[]): string[] {
  return languages.map((l) => l.prefix.replace(/^\/|\/$/g, '')).filter(Boolean);
}

/** The id a page goes by (titles, status): an unknown first segment makes any path the catch-all's. */
export function pageIdOf(matches: readonly UIMatchLike[], prefixes: readonly string[]): string | undefined {
  const lang = matches.find((m) => m.id === 'lang')?.params['lang'];
  return isKnownLanguage(lang, prefixes) ? matches.at(-1)?.id : UNKNOWN_PAGE;
}

/** The catch-all route's id (About, answered with 404). */
export const UNKNOWN_PAGE = 'unknown';

type UIMatchLike = { id: string; params: Record<string, string | undefined> };

/**
 * The catch-all's page for an unknown prefix, loaded when needed (most visits never show it). Whoever renders
 * such a URL first (the server, or the browser before hydrating it) loads it beforehand, so that it renders at
 * once, as the server's HTML has it.
 */
let About: ComponentType | undefined;

export function loadAboutPage(): Promise<void> {
  return import('@/features/about/components/about-page').then((m) => {
    About = m.AboutPage;
  });
}

function UnknownLanguage() {
  const [, setLoaded] = useState(About !== undefined);
  useEffect(() => {
    if (!About) void loadAboutPage().then(() => setLoaded(true));
  }, []);
  return About ? <About /> : null;
}

/**
 * The `:lang?` route: '/sw/...' renders the same pages as '/...'. A first segment that is not a configured
 * language prefix is an unknown path, which shows the catch-all (About; the server answers 404).
 */
export function LanguageScope() {
  const { lang } = useParams();
  return isKnownLanguage(lang, languagePrefixes(useLanguages())) ? <Outlet /> : <UnknownLanguage />;
}
