import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { markHydrated } from '@/lib/hydration';

// The whole suite runs in parallel on small machines: give lazy routes and mocked answers time to arrive.
configure({ asyncUtilTimeout: 5_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  document.body.style.overflow = '';
});

// Components render as in a live page (after hydration): the server-render tests render otherwise.
markHydrated();
