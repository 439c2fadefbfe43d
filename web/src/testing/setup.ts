import { afterEach, beforeEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { markHydrated } from '@/lib/hydration';
import { notFound } from './answers';

// The whole suite runs in parallel on small machines: give lazy routes and mocked answers time to arrive.
configure({ asyncUtilTimeout: 5_000 });

// No test reaches the network: a call nobody mocked (the app's one configuration query, in a test of a part that
// never reads it) is answered 404 in the error envelope. mockFetch (test-utils.tsx) replaces this per test.
beforeEach(() => {
  globalThis.fetch = (() => Promise.resolve(notFound())) as typeof fetch;
  // The files of a worker share one window (isolate: false in vitest.config.ts): each test starts with the
  // storage and tag-manager queue of a fresh page load.
  localStorage.clear();
  sessionStorage.clear();
  delete window.dataLayer;
});

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  document.body.style.overflow = '';
});

// Components render as in a live page (after hydration): the server-render tests render otherwise.
markHydrated();
