import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Pages opened by a client-side navigation are kept for offline use too (the first one already is). A page
 * that rewrites its own address in place (a map's search replacing `?q=`) has opened no new page: keeping it
 * would download its HTML again, and fill the worker's 40 pages, for every search.
 */
export function useKeepVisitedPages() {
  const { pathname, search } = useLocation();
  const action = useNavigationType();
  const shown = useRef<string | undefined>(undefined);
  useEffect(() => {
    const before = shown.current;
    shown.current = pathname;
    if (before === undefined || (action === 'REPLACE' && before === pathname)) return;
    // The worker's code is loaded after the first page; a page opened before is kept by it then.
    void import('../service-worker').then((worker) => worker.keepPage(pathname + search));
  }, [pathname, search, action]);
}
