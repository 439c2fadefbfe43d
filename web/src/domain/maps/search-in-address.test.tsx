import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { Outlet } from 'react-router';
import { renderWithProviders } from '@/testing/test-utils';
import { useSearchInAddress } from './search-in-address';

let write: (q: string | undefined) => void = () => undefined;
let renders = 0;

function Probe() {
  write = useSearchInAddress();
  renders++;
  return <p>probe</p>;
}

/** A layout route and a page route with loaders, as the app's root and page routes have. */
function setup(path: string) {
  const layout = vi.fn(() => null);
  const page = vi.fn(() => null);
  const routes = [
    {
      path: '/',
      loader: layout,
      element: <Outlet />,
      children: [{ path: ':lang?/openNetworks', loader: page, element: <Probe /> }],
    },
  ];
  const rendered = renderWithProviders(<Probe />, { path, routes });
  return { ...rendered, layout, page };
}

describe('the place search in the address', () => {
  it('sets q in place, keeping the language prefix, the other parameters, the hash and the state', async () => {
    const { router, layout, page } = setup('/sw/openNetworks');
    await screen.findByText('probe');
    await act(() => router.navigate('/sw/openNetworks?utm_source=sms#map', { state: { from: 'home' } }));
    const before = router.state.location;
    await act(async () => write(' Yaba, Lagos State '));
    const after = router.state.location;
    expect(after.pathname).toBe('/sw/openNetworks');
    expect(Object.fromEntries(new URLSearchParams(after.search))).toEqual({
      utm_source: 'sms',
      q: 'Yaba, Lagos State',
    });
    expect(after.hash).toBe('#map');
    expect(after.state).toEqual({ from: 'home' });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(after.key).not.toBe(before.key);
    // The loaders ran for the opening and the navigation above, not for the search.
    expect(layout).toHaveBeenCalledTimes(2);
    expect(page).toHaveBeenCalledTimes(2);
  });

  it('takes q out when the search is cleared, and does not navigate when nothing changes', async () => {
    const { router, page } = setup('/openNetworks?q=Ikeja&x=1');
    await screen.findByText('probe');
    await act(async () => write(undefined));
    expect(router.state.location.search).toBe('?x=1');
    const key = router.state.location.key;
    const count = renders;
    await act(async () => write(''));
    await act(async () => write('  '));
    expect(router.state.location.key).toBe(key);
    expect(renders).toBe(count);
    await act(async () => write('Ikeja'));
    await act(async () => write('Ikeja'));
    expect(router.state.location.search).toBe('?x=1&q=Ikeja');
    expect(page).toHaveBeenCalledTimes(1);
  });

  it('starts from its own last write when the page has not yet rendered the address it wrote', async () => {
    const { router } = setup('/openNetworks?x=1');
    await screen.findByText('probe');
    // The router renders a new address in a transition; an edit can come first, through the same closure.
    await act(async () => {
      write('Yaba');
      write(undefined);
    });
    expect(router.state.location.search).toBe('?x=1');
    await act(async () => {
      write('Ikeja');
      write('Ikeja');
      write('Atlantis');
    });
    expect(router.state.location.search).toBe('?x=1&q=Atlantis');
  });
});
