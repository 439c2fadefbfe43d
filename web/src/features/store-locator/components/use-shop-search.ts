import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { reversePlace, searchedPlace } from '@/domain/maps/map-api';
import type { LocationChange } from '@/domain/maps/map-search-box';
import { useSearchInAddress } from '@/domain/maps/search-in-address';
import { locate, type GeoFailure } from '../utils/geolocation';
import type { Origin } from '../utils/shops';

export type Phase =
  | { kind: 'locating' }
  | { kind: 'located' }
  | { kind: 'failed'; reason: GeoFailure }
  /** `query`: the text searched for, which the not-found panel names. */
  | { kind: 'failed'; reason: 'unknown-place'; query: string };

/**
 * Where the page starts. A plain form's `?q=` (a browser without JavaScript) was answered by the route's data
 * on the server: the place and its shops are in the query cache, and the server's HTML lists them. Else the
 * page starts by locating the phone.
 */
function startOf(queryClient: QueryClient, searched: string | undefined, lang: string) {
  if (searched === undefined) return { phase: { kind: 'locating' } as Phase, origin: undefined };
  const place = searchedPlace(queryClient, searched, lang);
  if (!place) {
    return {
      phase: { kind: 'failed', reason: 'unknown-place', query: searched } as Phase,
      origin: undefined,
    };
  }
  const origin: Origin = { lat: place.lat, lng: place.lng, label: place.address, via: 'search' };
  return { phase: { kind: 'located' } as Phase, origin };
}

/**
 * Where the store locator looks for shops, and how far it got: the phone's position, a searched place, or why
 * neither is known. Each new search or locating wins over an older one still under way (`attempt`), and the
 * address keeps the searched text (`?q=`).
 */
export function useShopSearch(searched: string | undefined, lang: string) {
  const queryClient = useQueryClient();
  const [start] = useState(() => startOf(queryClient, searched, lang));
  const [phase, setPhase] = useState<Phase>(start.phase);
  const [origin, setOrigin] = useState<Origin | undefined>(start.origin);
  const [activeId, setActiveId] = useState<string | undefined>();
  const attempt = useRef(0);
  const searchInAddress = useSearchInAddress();
  const findMe = useFindMe(attempt, setPhase, setOrigin, lang);

  // On arrival, unless the page came with a searched place; later the search box and the button decide.
  const arrivedLocating = start.phase.kind === 'locating';
  useEffect(() => {
    if (arrivedLocating) void findMe();
  }, [arrivedLocating, findMe]);

  const onLocationChange = (event: LocationChange) => {
    attempt.current++;
    setActiveId(undefined);
    setPhase({ kind: 'located' });
    setOrigin({ lat: event.lat, lng: event.lng, label: event.address, via: 'search' });
    searchInAddress(event.address);
  };

  // The address keeps the unknown text too: opened again, it shows the same not-found panel.
  const onNotFound = (query: string) => {
    attempt.current++;
    setOrigin(undefined);
    setPhase({ kind: 'failed', reason: 'unknown-place', query });
    searchInAddress(query);
  };

  // The page now shows the phone's position, which is what it opens with when the address has no search.
  const locateMe = () => {
    searchInAddress(undefined);
    void findMe();
  };

  const onClear = () => searchInAddress(undefined);

  return { phase, origin, activeId, setActiveId, onLocationChange, onNotFound, locateMe, onClear };
}

/** Locates the phone, unless a newer attempt has begun by the time the browser answers. */
function useFindMe(
  attempt: { current: number },
  setPhase: Dispatch<SetStateAction<Phase>>,
  setOrigin: Dispatch<SetStateAction<Origin | undefined>>,
  lang: string,
) {
  return useCallback(async () => {
    const mine = ++attempt.current;
    setPhase({ kind: 'locating' });
    const result = await locate();
    if (mine !== attempt.current) return;
    if (!result.ok) {
      setOrigin(undefined);
      setPhase({ kind: 'failed', reason: result.reason });
      return;
    }
    setPhase({ kind: 'located' });
    setOrigin({ lat: result.lat, lng: result.lng, label: '', via: 'geolocation' });
    // Name the place for the heading; the list does not wait for it.
    reversePlace(result.lat, result.lng, lang)
      .then((place) => {
        if (place && mine === attempt.current)
          setOrigin((o) => (o?.via === 'geolocation' ? { ...o, label: place.address } : o));
      })
      .catch((error: unknown) => console.warn('[store-locator] reverse geocoding failed', error));
  }, [attempt, setPhase, setOrigin, lang]);
}
