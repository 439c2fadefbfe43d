/**
 * Registers the service worker that keeps visited pages for offline use (src/sw.ts, docs/decisions/0008).
 * Production builds only (the development server serves no worker), and only where the browser has them.
 * A new worker waits until every tab of the portal is closed before it takes over, so an update never
 * reloads a page in the middle of a payment.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('[sw] registration failed', error);
    });
  };
  // After the page has loaded: the worker's own downloads never compete with the page's.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
