import { describe, expect, it } from 'vitest';
import { offlineAddresses, offlinePageFor } from './offline-page-for';

const OFFLINE = '/offline';
const ADDRESSES = ['/offline', '/sw/offline', '/ha/offline', '/yo/offline', '/ig/offline', '/pcm/offline'];

describe('the offline page for a page never opened', () => {
  it('reads the offline page in every language from the language menu of an offline page', () => {
    const html = `<header><a href="/" class="brand">Naija</a><details class="lang-menu"><ul>
      <li><a lang="en" hreflang="en" aria-current="true" href="/offline" class="lang-menu__option">English</a></li>
      <li><a lang="sw" hreflang="sw" href="/sw/offline" class="lang-menu__option">Kiswahili</a></li>
      <li><a class="lang-menu__option" href="/pcm/offline?from=%2Fpcm" hreflang="pcm">Naijá</a></li>
    </ul></details></header><main><a class="button" href="/">Try again</a><a href="/data-bundle">Data</a></main>`;
    expect(offlineAddresses(html, OFFLINE)).toEqual(['/offline', '/sw/offline', '/pcm/offline']);
    expect(offlineAddresses('<main>No menu</main>', OFFLINE)).toEqual([]);
  });

  it("is the asked page's language's when a page of that language was opened, not the one used last", () => {
    // The trial: Yoruba first, Pidgin, Hausa last.
    const kept = [
      '/offline',
      '/yo/data-bundle',
      '/yo/offline',
      '/yo/gethelp',
      '/pcm/gethelp',
      '/pcm/offline',
      '/ha/postpaid-bill-pay',
      '/ha/offline',
    ];
    expect(offlinePageFor('/pcm/data-bundle', kept, ADDRESSES, OFFLINE)).toBe('/pcm/offline');
    expect(offlinePageFor('/yo/prepaid-recharge', kept, ADDRESSES, OFFLINE)).toBe('/yo/offline');
    expect(offlinePageFor('/ha', kept, ADDRESSES, OFFLINE)).toBe('/ha/offline');
    // A page of the default language, once one was opened; its own deeper paths too.
    const english = [...kept, '/data-bundle', '/ha/gethelp'];
    expect(offlinePageFor('/gethelp', english, ADDRESSES, OFFLINE)).toBe('/offline');
    expect(offlinePageFor('/payment/status', english, ADDRESSES, OFFLINE)).toBe('/offline');
    expect(offlinePageFor('/', english, ADDRESSES, OFFLINE)).toBe('/offline');
  });

  it('is the language of the newest page kept for a language never opened, the default one included', () => {
    const kept = ['/offline', '/yo/data-bundle', '/yo/offline', '/ha/postpaid-bill-pay', '/ha/offline'];
    expect(offlinePageFor('/sw/data-bundle', kept, ADDRESSES, OFFLINE)).toBe('/ha/offline');
    // The default language's offline page is kept from the install, but none of its pages was opened.
    expect(offlinePageFor('/gethelp', kept, ADDRESSES, OFFLINE)).toBe('/ha/offline');
    // Opened again, Yoruba is the newest: the cache lists a page kept anew last.
    const again = ['/offline', '/yo/offline', '/ha/postpaid-bill-pay', '/ha/offline', '/yo/data-bundle'];
    expect(offlinePageFor('/ig/data-bundle', again, ADDRESSES, OFFLINE)).toBe('/yo/offline');
    // A language whose offline page could not be kept (the visitor saved data) is passed over.
    expect(offlinePageFor('/ig/data-bundle', [...again, '/sw/gethelp'], ADDRESSES, OFFLINE)).toBe(
      '/yo/offline',
    );
    // The default language used last.
    expect(offlinePageFor('/sw/gethelp', [...kept, '/data-bundle'], ADDRESSES, OFFLINE)).toBe('/offline');
  });

  it('is the default language’s, or any kept, when no page is kept, and none when no offline page is', () => {
    expect(offlinePageFor('/sw/gethelp', ['/offline'], ADDRESSES, OFFLINE)).toBe('/offline');
    expect(offlinePageFor('/sw/gethelp', ['/ha/offline'], ADDRESSES, OFFLINE)).toBe('/ha/offline');
    expect(offlinePageFor('/sw/gethelp', ['/sw/data-bundle'], ADDRESSES, OFFLINE)).toBeUndefined();
  });
});
