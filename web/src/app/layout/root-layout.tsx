import { useEffect } from 'react';
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

  useEffect(() => {
    if (prefixed) {
      storeLanguage(language.code);
      return;
    }
    const stored = languages.find((l) => l.code === getStoredLanguage());
    if (stored && stored.prefix && stored.code !== language.code) {
      navigate(
        { pathname: withLanguagePrefix(path, stored), search: location.search, hash: location.hash },
        { replace: true, state: location.state },
      );
    } else if (!getStoredLanguage()) {
      storeLanguage(language.code);
    }
  }, [languages, language, path, prefixed, location.search, location.hash, location.state, navigate]);

  return { language, path };
}

function usePageViews(path: string, lang: string) {
  const params = useParams();
  // Values of route parameters (a transaction id, ...) are not page names; joined so the effect sees a string.
  const dynamic = Object.entries(params)
    .filter(([key]) => key !== 'lang')
    .map(([, value]) => value ?? '')
    .join('\n');
  useEffect(() => {
    trackPageView(pageName(path, dynamic ? dynamic.split('\n') : []), path, lang);
  }, [path, lang, dynamic]);
}

export function RootLayout() {
  const { language, path } = useLanguageFromUrl();
  const lang = langParam(language);
  const { ready, switching } = useTranslations(lang);
  const { t } = useTranslation();
  useLoadingWhile(!ready || switching);
  usePageViews(path, lang);

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
