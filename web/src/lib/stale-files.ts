const RELOADED_AT = 'portal:reloaded-for-files';
/** A page loaded again for a missing file within this long lets the next failure show as an error: no loop. */
const GRACE_MS = 60_000;

let filesMissing = false;

/**
 * After a new release, a page opened before it asks for built files that are gone (their names carry the old
 * build's hash), and its next part fails. Vite reports each failed import (`vite:preloadError`); noted here, so
 * that the router's error page can load the page again, with the new release's files, instead of showing
 * 'Unexpected Application Error!'.
 */
export function watchStaleFiles(): void {
  window.addEventListener('vite:preloadError', () => {
    filesMissing = true;
  });
}

/**
 * Loads `path` as a new page when a built file was missing, online, once a minute at most (a file missing from
 * the new release too then shows as an error). True when it does.
 */
export function reloadForNewRelease(path: string): boolean {
  if (!filesMissing || !navigator.onLine) return false;
  try {
    if (Date.now() - Number(sessionStorage.getItem(RELOADED_AT) ?? 0) < GRACE_MS) return false;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  } catch {
    return false;
  }
  window.location.assign(path);
  return true;
}
