import { useSyncExternalStore } from 'react';
import { nextTask } from './sleep';

/**
 * Whether the page runs as a live app yet. The server's HTML and the browser's first (hydrating) render must
 * be the same, so anything that depends on the browser alone (sessionStorage, the screen, the clock) waits
 * for this. Preact keeps mismatched attributes silently, so reading such state during hydration leaves stale
 * DOM rather than an error (docs/decisions/0050).
 */
let hydrated = false;
const listeners = new Set<() => void>();

/** Parts of the page that hydrate in later tasks (ui/hydrate-later.tsx): the page is live once they have. */
const laterParts: Promise<unknown>[] = [];

export function addLaterPart(ready: Promise<unknown>): void {
  laterParts.push(ready);
}

/**
 * Marks the page live once every part left for later has hydrated (each renders in the task its promise
 * resolved in, so one more task is waited for): a part must hydrate against the server's HTML as the
 * first render saw it, not against a page that already shows what only a live page shows.
 */
export async function markHydratedAfterLaterParts(): Promise<void> {
  // For tests and tools: the first render is attached to the server's HTML; the later parts are not yet.
  document.documentElement.dataset['hydrated'] = 'main';
  await Promise.all(laterParts);
  await nextTask();
  markHydrated();
}

/** Called once the first render has been attached to the server's HTML (or rendered, without one). */
export function markHydrated(): void {
  if (hydrated) return;
  hydrated = true;
  for (const listener of listeners) listener();
  // For tests and tools: the page is live from here on.
  document.documentElement.dataset['hydrated'] = 'true';
}

export function isHydrated(): boolean {
  return hydrated;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, isHydrated, () => false);
}

/** `read()` once the app is live; `serverValue` in the server's HTML and while hydrating. */
export function useBrowserValue<T>(read: () => T, serverValue: T): T {
  return useHydrated() ? read() : serverValue;
}
