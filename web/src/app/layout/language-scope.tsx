import { Outlet, useParams } from 'react-router';
import { AboutPage } from '@/features/about/components/about-page';
import { useLanguages } from '@/lib/language';

/** Whether the optional first segment names a configured language ('sw' for '/sw/...'). */
export function isKnownLanguage(lang: string | undefined, prefixes: readonly string[]): boolean {
  return lang === undefined || prefixes.includes(lang);
}

/**
 * The `:lang?` route: '/sw/...' renders the same pages as '/...'. A first segment that is not a configured
 * language prefix is an unknown path, which shows the catch-all (About; the server answers 404).
 */
export function LanguageScope() {
  const { lang } = useParams();
  const prefixes = useLanguages()
    .map((l) => l.prefix.replace(/^\/|\/$/g, ''))
    .filter(Boolean);
  return isKnownLanguage(lang, prefixes) ? <Outlet /> : <AboutPage />;
}
