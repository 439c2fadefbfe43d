import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OPERATOR } from '@portal/contract/operator';
import { PATHS } from '@portal/contract/paths';
import type { Shop } from '@portal/contract/api/locations';
import { configQueryOptions } from '@/lib/config';
import { addCatalogue, createI18n } from '@/lib/i18n';
import { pages } from '@/testing/catalogues';
import { contentAndConfig } from '@/testing/journeys';
import { configData, shop } from '@/testing/fixtures';
import { createTestQueryClient, mockFetch, ok, renderWithProviders } from '@/testing/test-utils';
import { prefetchShopsOfUrl } from '../api/get-shops';
import { CATALOGUE, StoreLocatorPage } from './store-locator-page';
import { ShopList } from './shop-list';
import { renderPageHtml } from '@/testing/server-page';

const LANGUAGES = [
  { code: 'EN', label: 'EN', prefix: '' },
  { code: 'YO', label: 'Yorùbá', prefix: '/yo' },
];

// Leaflet needs a real layout engine; the map is covered by the end-to-end tests.
vi.mock('./shop-map', () => ({
  default: ({ shops }: { shops: { number: number }[] }) => <div data-testid="map">{shops.length} pins</div>,
}));

const original = navigator.geolocation;
afterEach(() => {
  Object.defineProperty(navigator, 'geolocation', { value: original, configurable: true });
  sessionStorage.clear();
});

function geolocation(result: { lat: number; lng: number } | { code: number }) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) =>
        'code' in result
          ? fail({ code: result.code, message: 'denied' } as GeolocationPositionError)
          : ok({ coords: { latitude: result.lat, longitude: result.lng } } as GeolocationPosition),
    },
  });
}

function backend(shops: Shop[]) {
  return mockFetch({
    [PATHS.activePackage]: (url) =>
      ok({
        pageUrl: 'x',
        language: 'en',
        packageHtml: JSON.stringify(pages.en?.[url.searchParams.get('pageUrl')!] ?? {}),
      }),
    [PATHS.config]: () => ok({ configData }),
    [PATHS.mapConfig]: () => ok(null),
    [PATHS.reversePlace]: () =>
      ok({
        name: 'Ikeja',
        state: 'Lagos',
        address: 'Ikeja, Lagos State',
        lat: 6.6,
        lng: 3.35,
        source: 'gazetteer',
      }),
    [PATHS.places]: (url) =>
      ok(
        url.searchParams.get('q') === 'Atlantis'
          ? []
          : [
              {
                name: 'Yaba',
                state: 'Lagos',
                address: 'Yaba, Lagos State',
                lat: 6.51,
                lng: 3.38,
                source: 'gazetteer',
              },
            ],
      ),
    [PATHS.shopsByCoordinates(OPERATOR)]: () => ok(shops),
  });
}

const NO_SHOP_NEAR = 'No shops within 100 Km of this place.';
const TRY_AGAIN = 'Try again with another city or pincode, or use your current location.';

describe('store locator', () => {
  it('lists the shops nearest first with Km computed here and names cut at the dash', async () => {
    geolocation({ lat: 6.6018, lng: 3.3515 });
    // The server's order is not trusted blindly: distances are computed and sorted on the client.
    const calls = backend([
      shop('B', 'Naija Shop Yaba - Herbert Macaulay', 6.5095, 3.3792),
      shop('A', 'Naija Shop Ikeja - Allen Avenue', 6.6006, 3.3517),
    ]);
    renderWithProviders(<StoreLocatorPage />, { path: '/storeLocator' });
    const list = await screen.findByRole('list', { name: 'Shops, nearest first' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      '1. Naija Shop Ikeja',
      '2. Naija Shop Yaba',
    ]);
    expect(cards[0]!.textContent).toContain('0.1 Km');
    expect(cards[1]!.textContent).toContain('10.7 Km');
    expect(await screen.findByRole('heading', { name: 'Shops near Ikeja, Lagos State' })).toBeTruthy();
    const request = calls.find((c) => c.url.pathname === PATHS.shopsByCoordinates(OPERATOR))!;
    expect(Object.fromEntries(request.url.searchParams)).toEqual({
      opco: 'NG',
      latitude: '6.601800',
      longitude: '3.351500',
      distanceInKilometers: '100',
    });
    expect(new Headers(request.init?.headers).get('lang')).toBe('en');
    expect((await screen.findByTestId('map')).textContent).toBe('2 pins');
  });

  it('shows the not-found panel when location is denied, and searches by city', async () => {
    geolocation({ code: 1 });
    backend([shop('B', 'Naija Shop Yaba', 6.5095, 3.3792)]);
    const user = userEvent.setup();
    renderWithProviders(<StoreLocatorPage />, { path: '/storeLocator' });
    expect(await screen.findByRole('heading', { name: 'No data found' })).toBeTruthy();
    expect(
      screen.getByText(
        'We are unable to access your Current Location. You can directly search your location from search field.',
      ),
    ).toBeTruthy();
    // The position was refused: no place was looked at, so nothing is said of shops within 100 Km of it.
    expect(screen.queryByText(NO_SHOP_NEAR)).toBeNull();
    expect(screen.queryByText(TRY_AGAIN)).toBeNull();
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'Yaba{Enter}');
    expect(await screen.findByRole('heading', { name: 'Shops near Yaba, Lagos State' })).toBeTruthy();
    await user.clear(screen.getByRole('combobox', { name: 'Search' }));
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'Atlantis{Enter}');
    expect(await screen.findByRole('heading', { name: 'No data found' })).toBeTruthy();
    expect(screen.queryByText(/unable to access your Current Location/)).toBeNull();
    // A place not found is said so, not that no shop is within 100 Km of it.
    expect(screen.getByText('We could not find the place “Atlantis”.')).toBeTruthy();
    expect(screen.getByText(TRY_AGAIN)).toBeTruthy();
    expect(screen.queryByText(NO_SHOP_NEAR)).toBeNull();
  });

  it("arriving with a searched place (a plain form's ?q=), lists its shops and does not ask for the position", async () => {
    const asked = vi.fn();
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition: asked },
    });
    backend([shop('B', 'Naija Shop Yaba - Herbert Macaulay', 6.5095, 3.3792)]);
    const queryClient = createTestQueryClient();
    // What the route's data does on the server before the first render.
    const loader = ({ request }: { request: Request }) =>
      prefetchShopsOfUrl('shop')({ queryClient, url: new URL(request.url), lang: 'en' }).then(() => null);
    renderWithProviders(<StoreLocatorPage />, {
      path: '/storeLocator?q=Yaba',
      queryClient,
      routes: [{ path: '*', element: <StoreLocatorPage />, loader }],
    });
    expect(await screen.findByRole('heading', { name: 'Shops near Yaba, Lagos State' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Search' })).toHaveProperty('value', 'Yaba');
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(1);
    expect(asked).not.toHaveBeenCalled();
  });

  it('a search puts its place in the address in place, without loading the route data again', async () => {
    geolocation({ code: 1 });
    const calls = backend([shop('B', 'Naija Shop Yaba', 6.5095, 3.3792)]);
    const loader = vi.fn(() => null);
    const user = userEvent.setup();
    const { router } = renderWithProviders(<StoreLocatorPage />, {
      path: '/storeLocator?utm_source=sms',
      routes: [{ path: '*', element: <StoreLocatorPage />, loader }],
    });
    const box = await screen.findByRole('combobox', { name: 'Search' });
    const address = () => Object.fromEntries(new URLSearchParams(router.state.location.search));

    await user.type(box, 'Yaba{Enter}');
    expect(await screen.findByRole('heading', { name: 'Shops near Yaba, Lagos State' })).toBeTruthy();
    // The place the box now shows, which a reload finds first as the plain form's `?q=` would.
    expect(address()).toEqual({ utm_source: 'sms', q: 'Yaba, Lagos State' });
    expect(router.state.location.pathname).toBe('/storeLocator');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(loader).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c.url.pathname === PATHS.shopsByCoordinates(OPERATOR))).toHaveLength(1);

    // An emptied box takes the search out; an unknown place is kept (opened again: the same panel).
    await user.clear(box);
    // The router writes the address after the event, as for the search above (found after its answer).
    await waitFor(() => expect(address()).toEqual({ utm_source: 'sms' }), { timeout: 5_000 });
    await user.type(box, 'Atlantis{Enter}');
    expect(await screen.findByRole('heading', { name: 'No data found' })).toBeTruthy();
    expect(address()).toEqual({ utm_source: 'sms', q: 'Atlantis' });

    // The phone's position is what the page opens with when the address has no search.
    geolocation({ lat: 6.6, lng: 3.35 });
    await user.click(screen.getByRole('button', { name: 'Use current location' }));
    expect(await screen.findByRole('heading', { name: 'Shops near Ikeja, Lagos State' })).toBeTruthy();
    expect(address()).toEqual({ utm_source: 'sms' });
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('shows the not-found panel when no shop is within 100 km', async () => {
    geolocation({ lat: 13, lng: 5 });
    backend([]);
    renderWithProviders(<StoreLocatorPage />, { path: '/storeLocator' });
    expect(await screen.findByRole('heading', { name: 'No data found' })).toBeTruthy();
    // The try-again text on wide screens, the short one on small screens (store-locator.css).
    expect(screen.getByText(TRY_AGAIN).className).toContain('store-locator__try-again--wide');
    expect(screen.getByText(NO_SHOP_NEAR).className).toContain('store-locator__try-again--narrow');
    expect(screen.queryByText(/unable to access your Current Location/)).toBeNull();
    await waitFor(() => expect(screen.getByTestId('map').textContent).toBe('0 pins'));
  });
});

describe("store locator: the server's HTML of a searched place it could not find", () => {
  it.each([['xqzv'], ['Kubwa']])(
    '?q=%s: the place was not found, in the page’s language; nothing of shops within 100 Km',
    async (q) => {
      mockFetch({
        ...contentAndConfig({ languages: LANGUAGES }),
        [PATHS.places]: () => ok([]),
      });
      const queryClient = createTestQueryClient();
      queryClient.setQueryData(configQueryOptions.queryKey, { ...configData, languages: LANGUAGES });
      const url = new URL(`http://localhost/yo/storeLocator?q=${q}`);
      await prefetchShopsOfUrl('shop')({ queryClient, url, lang: 'yo' }).catch(() => undefined);
      const texts = createI18n('yo');
      addCatalogue('yo', (pages.yo?.['translation'] ?? {}) as Record<string, string>, texts);
      addCatalogue('yo', (pages.yo?.[CATALOGUE] ?? {}) as Record<string, string>, texts, CATALOGUE);
      const router = createMemoryRouter([{ path: '/yo/storeLocator', element: <StoreLocatorPage /> }], {
        initialEntries: [`/yo/storeLocator?q=${q}`],
      });
      const html = renderPageHtml(<RouterProvider router={router} />, { i18n: texts, queryClient });
      const yo = (key: string) => String(pages.yo?.[CATALOGUE]?.[key]);
      expect(html).toContain(yo('storeLocator.noResults'));
      expect(html).toContain(yo('storeLocator.placeNotFound').replace('{{place}}', q));
      expect(html).not.toContain(yo('storeLocator.noResultMobile'));
      expect(html).not.toContain(yo('storeLocator.locationDenied'));
    },
  );
});

describe('store locator: the distance of a shop', () => {
  // Spec §2: 'distance in Km'. The Hausa page wrote '0.1 km', every other page '0.1 Km'.
  it.each(['en', 'ha', 'yo', 'ig', 'pcm', 'sw'])('is in Km on the %s page', (lang) => {
    const texts = createI18n(lang);
    addCatalogue(lang, (pages[lang]?.[CATALOGUE] ?? {}) as Record<string, string>, texts, CATALOGUE);
    const listed = { ...shop('A', 'Naija Shop Ikeja - Allen Avenue', 6.6006, 3.3517), number: 1 };
    const html = renderPageHtml(
      <ShopList
        shops={[{ ...listed, name: 'Naija Shop Ikeja', distance: 0.1234 }]}
        activeId={undefined}
        onActivate={() => {}}
      />,
      { i18n: texts, queryClient: createTestQueryClient() },
    );
    const distance = new DOMParser().parseFromString(html, 'text/html').querySelector('.shop-card__distance');
    expect(distance?.textContent).toMatch(/^(0\.1 Km|Km 0\.1)$/);
  });
});
