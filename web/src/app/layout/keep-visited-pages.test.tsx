import { describe, expect, it, vi } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { keepPage } from '../service-worker';
import { useKeepVisitedPages } from './keep-visited-pages';

vi.mock('../service-worker', () => ({ keepPage: vi.fn(() => Promise.resolve()) }));

function Layout() {
  useKeepVisitedPages();
  return null;
}

describe('keeping visited pages', () => {
  it('keeps each page opened, not a page replacing its own address', async () => {
    const router = createMemoryRouter([{ path: '*', element: <Layout /> }], {
      initialEntries: ['/storeLocator'],
    });
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/storeLocator?q=Yaba', { replace: true }));
    await act(() => router.navigate('/gethelp?category=data'));
    await act(() => router.navigate('/gethelp?category=bills'));
    await act(() => router.navigate('/sw/gethelp?category=bills', { replace: true }));
    await waitFor(() => expect(keepPage).toHaveBeenCalledTimes(3));
    expect(vi.mocked(keepPage).mock.calls).toEqual([
      ['/gethelp?category=data'],
      ['/gethelp?category=bills'],
      ['/sw/gethelp?category=bills'],
    ]);
  });
});
