import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PATHS } from '@portal/contract/paths';
import { pages } from '@/testing/catalogues';
import { configData } from '@/testing/fixtures';
import { mockFetch, ok, renderWithProviders } from '@/testing/test-utils';
import { SITES_PAGE } from '../api/get-sites';
import { CoveragePage } from './coverage-page';

// Leaflet needs a real layout engine; the map is covered by the end-to-end tests.
vi.mock('./coverage-map', () => ({
  default: ({ place }: { place?: { address: string } }) => <div data-testid="map">{place?.address}</div>,
}));

function backend() {
  return mockFetch({
    [PATHS.activePackage]: (url) =>
      ok({
        pageUrl: 'x',
        language: 'en',
        packageHtml: JSON.stringify(pages.en?.[url.searchParams.get('pageUrl')!] ?? {}),
      }),
    [PATHS.config]: () => ok({ configData }),
    [PATHS.mapConfig]: () => ok(null),
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
  });
}

describe('coverage map', () => {
  it('a search puts its place in the address in place, without loading the route data again', async () => {
    const calls = backend();
    const loader = vi.fn(() => null);
    const user = userEvent.setup();
    const { router } = renderWithProviders(<CoveragePage />, {
      path: '/openNetworks?utm_source=sms',
      routes: [{ path: '*', element: <CoveragePage />, loader }],
    });
    const box = await screen.findByRole('combobox', { name: 'Search' });
    const address = () => Object.fromEntries(new URLSearchParams(router.state.location.search));
    const sitesAsked = () => calls.filter((c) => c.url.searchParams.get('pageUrl') === SITES_PAGE).length;

    // What found nothing is kept too; only the box says so (the page did not open with it).
    await user.type(box, 'Atlantis{Enter}');
    expect(await within(screen.getByRole('search')).findByText('No matching result')).toBeTruthy();
    expect(address()).toEqual({ utm_source: 'sms', q: 'Atlantis' });
    expect(screen.getAllByText('No matching result')).toHaveLength(1);

    await user.clear(box);
    // The router writes the address after the event, as for the search above (found after its answer).
    await waitFor(() => expect(address()).toEqual({ utm_source: 'sms' }), { timeout: 5_000 });

    await user.type(box, 'Yaba{Enter}');
    expect(await screen.findByRole('heading', { name: 'Coverage near Yaba, Lagos State' })).toBeTruthy();
    expect(screen.getByTestId('map').textContent).toBe('Yaba, Lagos State');
    expect(address()).toEqual({ utm_source: 'sms', q: 'Yaba, Lagos State' });
    expect(router.state.location.pathname).toBe('/openNetworks');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(loader).toHaveBeenCalledTimes(1);
    expect(sitesAsked()).toBe(1);
  });

  it('asks to choose a technology only where there is one to choose: not without JavaScript (no map, no choice)', async () => {
    backend();
    renderWithProviders(<CoveragePage />, { path: '/openNetworks' });
    const intro = await screen.findByText(pages.en!['network-translation']!['coverage.intro'] as string);
    // Hidden by index.html's <noscript> style, as the technologies are not offered there.
    expect(intro.closest('.js-only')).not.toBeNull();
  });
});
