import { useEffect, useState } from 'react';
import { Link, useLocation, useRouteError } from 'react-router';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { OfflinePage } from '@/features/offline/components/offline-page';
import { instanceFor } from '@/lib/i18n';
import { langParam, splitLanguagePath, useLanguages } from '@/lib/language';
import { useOnline } from '@/lib/online';
import { CardPage } from '@/ui/card-page';
import { PAGE_CACHE } from './offline-caches';

export const UNEXPECTED_ERROR_TEXT = 'Unexpected Application Error!';

/**
 * The router's error page (spec §8): 'Unexpected Application Error!'. Offline, a route fails because its code
 * or its language's texts were never loaded on this phone: that is the offline page's case (the USSD codes,
 * 'Try again' for the page asked for), not an application error. The service worker keeps this module on the
 * first visit (app/service-worker.ts), so it is at hand offline.
 */
export function RouteError() {
  // Outside the layout (the root's boundary) the texts in place are the default language's, which an offline
  // phone may never have loaded (keys showed): the URL's language is the one the page came with.
  const { i18n: base } = useTranslation();
  const { pathname } = useLocation();
  const lang = langParam(splitLanguagePath(pathname, useLanguages()).language);
  return (
    <I18nextProvider i18n={instanceFor(base, lang)}>
      <ErrorPage />
    </I18nextProvider>
  );
}

function ErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const online = useOnline();
  const location = useLocation();
  useEffect(() => {
    console.warn('[router] route error', error);
  }, [error]);
  const path = location.pathname + location.search;
  const kept = useKeptCopy(!online, path);
  const [reloading, setReloading] = useState(false);
  useEffect(() => {
    if (online && reloadForNewRelease(path)) setReloading(true);
  }, [online, path]);
  if (!online) return kept === 'checking' ? null : <OfflinePage retryPath={path} />;
  if (reloading) return null;
  return (
    <CardPage
      titleId="route-error-title"
      title={t('common.unexpectedError', { defaultValue: UNEXPECTED_ERROR_TEXT })}
      lead={t('common.tryAgainLater', { defaultValue: 'Please try again in a moment.' })}
      className="error-page"
    >
      <Link className="button" to="/" reloadDocument>
        {t('common.goHome', { defaultValue: 'Go to home' })}
      </Link>
    </CardPage>
  );
}

/**
 * Offline, a page opened before is kept whole by the service worker, but reaching it by a link within the
 * live app needs its data from the network, and fails here. The kept copy is opened instead, as a page load
 * the worker answers; only once: a page that fails again after its own load shows the offline page.
 */
function useKeptCopy(offline: boolean, path: string): 'checking' | 'none' {
  const [state, setState] = useState<'checking' | 'none'>('checking');
  useEffect(() => {
    if (!offline) return;
    const href = new URL(path, window.location.origin).href;
    const load = performance.getEntriesByType('navigation')[0];
    if (load?.name === href || typeof caches === 'undefined') return setState('none');
    let current = true;
    caches.match(href, { cacheName: PAGE_CACHE }).then(
      (copy) => {
        if (!current) return;
        if (copy) window.location.replace(href);
        else setState('none');
      },
      () => current && setState('none'),
    );
    return () => {
      current = false;
    };
  }, [offline, path]);
  return state;
}

const RELOADED_AT = 'portal:reloaded-for-files';
/** A page loaded again for a missing file within this long lets the next failure show as an error: no loop. */
const GRACE_MS = 60_000;

/**
 * Loads `path` as a new page when a built file was missing (lib/stale-files.ts), once a minute at most: a file
 * missing from the new release too then shows as an error. Asked only online. True when it does.
 */
function reloadForNewRelease(path: string): boolean {
  if (document.documentElement.dataset['filesMissing'] !== 'true') return false;
  try {
    if (Date.now() - Number(sessionStorage.getItem(RELOADED_AT) ?? 0) < GRACE_MS) return false;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  } catch {
    return false;
  }
  window.location.assign(path);
  return true;
}
