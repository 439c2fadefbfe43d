/**
 * Which kept offline page the service worker (src/sw.ts, docs/decisions/0051) answers with, offline, for a page
 * this phone never opened. The worker does not have the market's languages: the kept offline page's language
 * menu names the offline page's address in each of them (its links with `hreflang`).
 */

/** The offline page's address in every language (`/offline`, `/sw/offline`), from an offline page's HTML. */
export function offlineAddresses(html: string, offlinePath: string): string[] {
  const addresses = new Set<string>();
  for (const [tag] of html.matchAll(/<a\s[^>]*>/gi)) {
    if (!/\shreflang=/i.test(tag)) continue;
    const href = /\shref="(\/[^"?#]*)/i.exec(tag)?.[1];
    if (href?.endsWith(offlinePath) && !href.startsWith('//')) addresses.add(href);
  }
  return [...addresses];
}

/**
 * The offline page for `pathname`, or undefined when none is kept.
 *
 * - `kept`: the paths of the pages kept (offline pages among them), oldest first, as the cache lists them.
 * - `addresses`: the offline page's address in every language (`offlineAddresses`), never empty.
 *
 * A page of a language the visitor opened a page of (its offline page was kept then): that language's, at its
 * address. A language never opened (its offline page is not kept): the language of the newest page kept,
 * that is, the one the visitor used last. Its address has a language prefix but for the default language, so
 * the app, which moves an address without one to the language chosen in this tab, keeps it where it is. The
 * default language counts as opened only when one of its pages is kept: its offline page is kept from the
 * worker's install, whatever the language of the first page.
 */
export function offlinePageFor(
  pathname: string,
  kept: readonly string[],
  addresses: readonly string[],
  offlinePath: string,
): string | undefined {
  const isOfflinePage = (path: string) => path.endsWith(offlinePath);
  const languageOf = (path: string) =>
    addresses.find((address) => {
      const prefix = address.slice(0, -offlinePath.length);
      return prefix !== '' && (path === prefix || path.startsWith(prefix + '/'));
    }) ?? offlinePath;
  const offlinePages = new Set(kept.filter(isOfflinePage));
  const pages = kept.filter((path) => !isOfflinePage(path));
  const defaultOpened = pages.some((path) => languageOf(path) === offlinePath);
  const opened = (address: string) => offlinePages.has(address) && (address !== offlinePath || defaultOpened);

  const own = languageOf(pathname);
  if (opened(own)) return own;
  const lastUsed = [...pages].reverse().map(languageOf).find(opened);
  if (lastUsed) return lastUsed;
  if (offlinePages.has(offlinePath)) return offlinePath;
  return addresses.find((address) => offlinePages.has(address));
}
