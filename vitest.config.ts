import { defineConfig } from 'vitest/config';

/** Files that replace a module (`vi.mock`): their own module graph each, as a replaced module must not be shared. */
const MOCKING = ['server/src/endpoints.test.ts'];

const NODE = {
  environment: 'node',
  setupFiles: ['./vitest.setup.ts'],
  // Ceilings, not waits: every test waits on conditions with its own deadline. On a busy 2-core machine a
  // portal's start and a payment's path took 2-3 times their quiet time (2026-11-25), and tests of 30 s died at
  // their ceiling while their conditions were still coming true.
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    // Twice the cores: many integration tests spend their time waiting (a payment's 15 s fulfilment window, the
    // 30 s refund rule, a restart), not computing; four workers overlap the waits. The unit suite took 668 s
    // with the default (one per core) and 289 s with four on the 2-core CI machine.
    maxWorkers: 4,
    projects: [
      {
        test: {
          ...NODE,
          name: 'node',
          include: ['{contract,content,server,sandbox,bench}/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'e2e/**', ...MOCKING],
          // A worker keeps the modules it imported from one file to the next instead of importing the server
          // again for each: the node tests took 266 s instead of 528 (2026-11-28). Every test starts its own
          // portals, so what a module keeps is shared as between the portals of one file.
          isolate: false,
        },
      },
      { test: { ...NODE, name: 'node-mocking', include: MOCKING } },
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          root: './web',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['../vitest.setup.ts'],
        },
      },
    ],
  },
});
