import { useEffect, useRef, useState } from 'react';

/**
 * Calls `go` once `ms` have passed while `active` (spec §9: 3 s after the success modal, 6 s after the
 * not-available modal) and answers the whole seconds left, for the text that announces it.
 */
export function useRedirectCountdown(active: boolean, ms: number, go: () => void): number {
  const goRef = useRef(go);
  goRef.current = go;
  const [left, setLeft] = useState(Math.ceil(ms / 1000));

  useEffect(() => {
    if (!active) return;
    const started = Date.now();
    setLeft(Math.ceil(ms / 1000));
    const tick = setInterval(
      () => setLeft(Math.max(0, Math.ceil((ms - (Date.now() - started)) / 1000))),
      250,
    );
    const timer = setTimeout(() => goRef.current(), ms);
    return () => {
      clearInterval(tick);
      clearTimeout(timer);
    };
  }, [active, ms]);

  return left;
}
