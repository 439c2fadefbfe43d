import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pageName, trackPageView } from '@/lib/analytics';
import { useTranslations } from '@/lib/i18n';
import {
  getStoredLanguage,
  langParam,
  splitLanguagePath,
  storeLanguage,
  useLanguages,
  withLanguagePrefix,
} from '@/lib/language';
import { useLoadingWhile } from '@/lib/loading';
import { Footer } from './footer';
import { GlobalLoadingScreen } from './global-loading-screen';
import { Header } from './header';

/**
 * Keeps the language of spec §3 in step with the URL: a '/sw' path selects Swahili (and stores it); a path
 * without prefix while another language is stored (e.g. the payment gateway returning to /payment/status)
 * is moved to that language's prefix.
 */
function useLanguageFromUrl() {
  const languages = useLanguages();
  const location = useLocation();
  const navigate = useNavigate();
  const { language, path, prefixed } = splitLanguagePath(location.pathname, languages);
  const stored = languages.find((l) => l.code === getStoredLanguage());
  const redirectTo =
    !prefixed && stored && stored.prefix && stored.code !== language.code ? stored : undefined;

  // Only a change of URL language stores it, so a re-render of the page being left cannot undo a switch.
  useEffect(() => {
    if (prefixed || !getStoredLanguage()) storeLanguage(language.code);
  }, [prefixed, language.code]);

  const latest = useRef({ navigate, location });
  useEffect(() => {
    latest.current = { navigate, location };
  });
  useEffect(() => {
    if (!redirectTo) return;
    const { navigate: go, location: at } = latest.current;
    go(
      { pathname: withLanguagePrefix(path, redirectTo), search: at.search, hash: at.hash },
      { replace: true, state: at.state },
    );
  }, [redirectTo, path]);

  // While moving to the stored language's prefix, that language is the one to load.
  return { language: redirectTo ?? language, path, redirecting: redirectTo !== undefined };
}

function usePageViews(path: string, lang: string, skip: boolean) {
  const params = useParams();
  // Values of route parameters (a transaction id, ...) are not page names; joined so the effect sees a string.
  const dynamic = Object.entries(params)
    .filter(([key]) => key !== 'lang')
    .map(([, value]) => value ?? '')
    .join('\n');
  useEffect(() => {
    if (!skip) trackPageView(pageName(path, dynamic ? dynamic.split('\n') : []), path, lang);
  }, [path, lang, dynamic, skip]);
}

export function RootLayout() {
  const { language, path, redirecting } = useLanguageFromUrl();
  const lang = langParam(language);
  const { ready, switching } = useTranslations(lang);
  const { t } = useTranslation();
  useLoadingWhile(!ready || switching);
  usePageViews(path, lang, redirecting);

  return (
    <>
      {ready ? (
        <>
          <a className="skip-link" href="#main">
            {t('common.skipToContent')}
          </a>
          <Header />
          <main id="main" className="main" tabIndex={-1}>
            <Outlet />
          </main>
          <Footer />
        </>
      ) : null}
      <GlobalLoadingScreen />
      <ScrollRestoration />
    </>
  );
}
