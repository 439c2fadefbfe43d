import { useCallback, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SEARCH_PARAM } from './map-api';

/**
 * Writes the live page's last place search into the address as `?q=`, the way the plain form's address has it,
 * so that a reload or a shared link shows that search and not the one the page opened with. `undefined`
 * takes `q` out (the box was cleared). The path (with its language prefix), the other parameters, the hash
 * and the history state stay as they are.
 *
 * The entry is replaced, not pushed: the page reads `q` only when it opens, so Back to an older `q` would
 * leave the page showing one place under the address of another. The route's data is not loaded again
 * (`defaultShouldRevalidate: false`, which the root's `shouldRevalidate` passes on): it exists to answer
 * `q` before the first render, and the live page already holds the place and what it found near it. It is
 * a router navigation, not a bare `history.replaceState`, so that the router's address stays the real one:
 * the language links carry the new `q`, and a later navigation does not bring the old one back.
 *
 * The router renders a new address in a transition, so an edit that comes before that render (a box cleared
 * just after a search) reaches this function with the address before the search. It then starts from what it
 * wrote itself, for as long as the page still shows the address it wrote over; without that, clearing would
 * find no `q` to take out and leave the search in the address.
 */
export function useSearchInAddress(): (q: string | undefined) => void {
  const location = useLocation();
  const navigate = useNavigate();
  const written = useRef<{ over: string; search: string }>(undefined);
  return useCallback(
    (q: string | undefined) => {
      const unseen = written.current?.over === location.key ? written.current.search : undefined;
      const before = new URLSearchParams(unseen ?? location.search);
      const after = new URLSearchParams(before);
      const text = q?.trim();
      if (text) after.set(SEARCH_PARAM, text);
      else after.delete(SEARCH_PARAM);
      if (`${after}` === `${before}`) return;
      const to = { pathname: location.pathname, search: `${after}`, hash: location.hash };
      const state: unknown = location.state;
      written.current = { over: location.key, search: `${after}` };
      void navigate(to, { replace: true, preventScrollReset: true, defaultShouldRevalidate: false, state });
    },
    [location, navigate],
  );
}
