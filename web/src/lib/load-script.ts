/** Spec §9: a third-party script that has not loaded after 120 s counts as failed. */
export const SCRIPT_LOAD_TIMEOUT_MS = 120_000;

const loading = new Map<string, Promise<void>>();

/**
 * Loads a classic script once per URL (the card provider's inline script, spec §7 "third-party scripts");
 * rejects on a load error or after the timeout, and a later call tries again.
 */
export function loadScript(src: string, timeoutMs = SCRIPT_LOAD_TIMEOUT_MS): Promise<void> {
  const known = loading.get(src);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    const timer = setTimeout(() => fail(new Error(`Script load timed out: ${src}`)), timeoutMs);
    function fail(error: Error) {
      clearTimeout(timer);
      script.remove();
      loading.delete(src);
      reject(error);
    }
    script.addEventListener('load', () => {
      clearTimeout(timer);
      resolve();
    });
    script.addEventListener('error', () => fail(new Error(`Script failed to load: ${src}`)));
    document.head.appendChild(script);
  });
  loading.set(src, promise);
  return promise;
}
