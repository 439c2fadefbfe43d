import { useEffect, useSyncExternalStore } from 'react';

/**
 * The global loading flag of spec §2 ("shown while a global loading flag is on"). Several parts of the app
 * may hold it at once (translations loading, a payment being started); it is on while any of them does.
 */
let holders = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Turns the flag on; the returned function releases this hold (calling it twice is harmless). */
export function holdLoading(): () => void {
  holders += 1;
  emit();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders = Math.max(0, holders - 1);
    emit();
  };
}

export function isLoading(): boolean {
  return holders > 0;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useGlobalLoading(): boolean {
  return useSyncExternalStore(subscribe, isLoading, isLoading);
}

/** Holds the global flag while `active` is true. */
export function useLoadingWhile(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    return holdLoading();
  }, [active]);
}
