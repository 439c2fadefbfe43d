import { useEffect, useRef, useState } from 'react';
import {
  Outlet,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useParams,
} from 'react-router';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { pageName, trackPageView } from '@/lib/analytics';
import { useConfig } from '@/lib/config';
import { useQuery } from '@tanstack/react-query';
import { contentQueryOptions } from '@/lib/content';
import { instanceFor } from '@/lib/i18n';
import {
  getStoredLanguage,
  langParam,
  splitLanguagePath,
  storeLanguage,
  useLanguages,
  withLanguagePrefix,
  type Language,
} from '@/lib/language';
import { META_PAGE, pageMeta, type MetaConfig } from '@/lib/page-meta';
import { hydrateLater } from '@/ui/hydrate-later';
import { useKeepVisitedPages } from './keep-visited-pages';
import { Footer } from './footer';
import { Header } from './header';
import { GlobalLoadingWhenBusy, OfflineNoticeWhenOffline } from './on-demand';
import { languagePrefixes, pageIdOf } from './language-scope';

/**
 * The language to move an unprefixed URL to: the one the visitor chose before (sessionStorage), when it has a
 * prefix and the URL shows another. sessionStorage is the browser's alone, so this is read in effects only.
 */
function storedLanguageToMoveTo(
  languages: readonly Language[],
  language: Language,
  prefixed: boolean,
): Language | undefined {
  if (prefixed) return undefined;
  const stored = languages.find((l) => l.code === getStoredLanguage());
  return stored?.prefix && stored.code !== language.code ? stored : undefined;
}

/**
 * Keeps the language of spec §3 in step with the URL: a '/sw' path selects Swahili (and stores it); a path
 * without prefix while another language is stored (e.g. the payment gateway returning to /payment/status)
 * is moved to that language's prefix, once the page is live. Decided in an effect rather than from a
 * "hydrated" flag in render: a layout that re-rendered when the page became live re-rendered the whole page.
 */
function useStoredLanguage(language: Language, path: string, prefixed: boolean) {
  const languages = useLanguages();
  const location = useLocation();
  const navigate = useNavigate();

  // Only a change of URL language stores it, so a re-render of the page being left cannot undo a switch.
  useEffect(() => {
    if (prefixed || !getStoredLanguage()) storeLanguage(language.code);
  }, [prefixed, language.code]);

  const { search, hash, state } = location;
  useEffect(() => {
    const moveTo = storedLanguageToMoveTo(languages, language, prefixed);
    if (!moveTo) return;
    void navigate({ pathname: withLanguagePrefix(path, moveTo), search, hash }, { replace: true, state });
  }, [languages, language, prefixed, path, search, hash, state, navigate]);
}

/** A page view, unless the page is about to move to the visitor's language (that page counts instead). */
function usePageViews(path: string, language: Language, prefixed: boolean) {
  const params = useParams();
  const languages = useLanguages();
  const lang = langParam(language);
  // Values of route parameters (a transaction id, ...) are not page names; joined so the effect sees a string.
  const dynamic = Object.entries(params)
    .filter(([key]) => key !== 'lang' && key !== '*')
    .map(([, value]) => value ?? '')
    .join('\n');
  useEffect(() => {
    if (storedLanguageToMoveTo(languages, language, prefixed)) return;
    trackPageView(pageName(path, dynamic ? dynamic.split('\n') : []), path, lang);
  }, [path, lang, dynamic, languages, language, prefixed]);
}

/**
 * `<html lang>`, the title and the description of the page after a client-side navigation (the server
 * wrote the first page's; the titles of all pages are only fetched once the visitor moves on).
 */
function useDocumentMeta(lang: string) {
  const routeId = pageIdOf(useMatches(), languagePrefixes(useLanguages()));
  const [firstPage] = useState(routeId);
  const moved = routeId !== firstPage;
  const { data: metaConfig } = useQuery({
    ...contentQueryOptions<MetaConfig>(META_PAGE, lang),
    enabled: moved,
  });
  const brand = useConfig().data?.brandName;
  useEffect(() => {
    document.documentElement.lang = lang;
    if (!metaConfig) return;
    const meta = pageMeta(metaConfig, routeId, brand);
    if (meta.title) document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [lang, routeId, metaConfig, brand]);
}

/**
 * After a client-side move to another page, focus goes to the page's main content, so that a screen reader
 * reads the new page and the keyboard starts there: the link or button that moved the page is gone, and
 * focus fell back to the document. A page that placed focus itself (a dialog, a refused field) keeps it.
 */
function useFocusOnNewPage(pathname: string) {
  const shown = useRef(false);
  useEffect(() => {
    // The first page is the browser's to focus, as it loaded.
    if (!shown.current) {
      shown.current = true;
      return;
    }
    const focused = document.activeElement;
    if (focused && focused !== document.body && focused.isConnected) return;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

/** A thin bar while the next page's code or texts load (a client-side navigation). */
function NavigationProgress() {
  const { t } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  return busy ? <div className="nav-progress" role="progressbar" aria-label={t('common.loading')} /> : null;
}

export function RootLayout() {
  const { i18n: base } = useTranslation();
  const location = useLocation();
  const { language, path, prefixed } = splitLanguagePath(location.pathname, useLanguages());
  const lang = langParam(language);
  useStoredLanguage(language, path, prefixed);
  usePageViews(path, language, prefixed);
  useDocumentMeta(lang);
  useKeepVisitedPages();
  useFocusOnNewPage(location.pathname);

  return (
    <I18nextProvider i18n={instanceFor(base, lang)}>
      <LayoutFrame />
    </I18nextProvider>
  );
}

// The page's own content hydrates first, then the header and the footer, each in a task of its own.
const LaterHeader = hydrateLater(Header, 1);
const LaterFooter = hydrateLater(Footer, 2);

function LayoutFrame() {
  const { t } = useTranslation();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <NavigationProgress />
      <LaterHeader />
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
      <LaterFooter />
      <OfflineNoticeWhenOffline />
      <GlobalLoadingWhenBusy />
      <ScrollRestoration />
    </>
  );
}
