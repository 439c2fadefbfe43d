import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';

const GUARD = 'statusBackGuard';

/**
 * Browser back on the status page goes to the stored redirect page (spec §2). The page usually follows
 * the gateway's own pages, so back would leave the app: a duplicate history entry is pushed on arrival,
 * and popping back from it to the original entry sends the visitor to `target` instead.
 */
export function useBackRedirect(target: string) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const guarded = (location.state as Record<string, unknown> | null)?.[GUARD] === true;
  const progress = useRef({ pushed: false, seenGuard: false });

  useEffect(() => {
    if (guarded) {
      progress.current.seenGuard = true;
      return;
    }
    if (progress.current.seenGuard) {
      if (navigationType === 'POP') void navigate(target, { replace: true });
      return;
    }
    if (progress.current.pushed) return;
    progress.current.pushed = true;
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { state: { ...(location.state as object | null), [GUARD]: true } },
    );
  }, [
    guarded,
    navigationType,
    navigate,
    target,
    location.pathname,
    location.search,
    location.hash,
    location.state,
  ]);
}
