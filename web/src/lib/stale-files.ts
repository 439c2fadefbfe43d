/**
 * After a new release, a page opened before it asks for built files that are gone (their names carry the old
 * build's hash), and its next part fails. Vite reports each failed import (`vite:preloadError`); the page
 * notes it on its root element, so that the router's error page (app/route-error.tsx) can load the page again
 * with the new release's files instead of showing 'Unexpected Application Error!'.
 */
export function watchStaleFiles(): void {
  window.addEventListener('vite:preloadError', () => {
    document.documentElement.dataset['filesMissing'] = 'true';
  });
}
