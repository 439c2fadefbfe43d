import { useSyncExternalStore } from 'react';
import { useHydrated } from './hydration';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Whether the phone has a connection, as the browser knows it. The server's HTML (and the hydrating render)
 * always says online: only the live page can know.
 */
export function useOnline(): boolean {
  const hydrated = useHydrated();
  const online = useSyncExternalStore(
    hydrated ? subscribe : () => () => {},
    () => (hydrated ? navigator.onLine : true),
    () => true,
  );
  return online;
}
