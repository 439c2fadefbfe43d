import { useEffect } from 'react';
import { useNavigate } from 'react-router';

const GUARD = 'statusBackGuard';

function isGuard(entryState: unknown): boolean {
  return (entryState as Record<string, unknown> | null)?.[GUARD] === true;
}

/**
 * Browser back on the status page goes to the stored redirect page (spec §2). The page usually follows
 * the gateway's own pages, so back would leave the app: on arrival a marked copy of the current history entry
 * is pushed, and popping back from it to the unmarked original sends the visitor to `target` instead.
 *
 * The copy is pushed with the History API, not with the router: the router reads only its own fields of an
 * entry's state (usr, key, idx), so to it the copy is the page it already shows and nothing renders again. A
 * router navigation re-rendered the whole page right after hydration (a task of 300-400 ms in Chromium at 4x
 * CPU slowdown on our busy 2-core machine). A reload keeps the entry's state, so a reloaded page pushes no second copy.
 */
export function useBackRedirect(target: string) {
  const navigate = useNavigate();
  useEffect(() => {
    const current: unknown = window.history.state;
    if (!isGuard(current)) window.history.pushState({ ...(current as object | null), [GUARD]: true }, '');
    const onPop = () => {
      const entry: unknown = window.history.state;
      if (!isGuard(entry)) void navigate(target, { replace: true });
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [navigate, target]);
}
