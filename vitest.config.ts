import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Test files that replace a module (`vi.mock`), found by reading them so that a new one is not forgotten: each
 * keeps its own module graph, as a replaced module must not reach the files that share a worker's modules.
 */
function filesThatMock(root: string, dirs: string[]): string[] {
  return dirs.flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.test\.tsx?$/.test(file) && !file.split(path.sep).includes('node_modules'))
      .map((file) => path.join(dir, file))
      .filter((file) => readFileSync(path.join(root, file), 'utf8').includes('vi.mock(')),
  );
}
const NODE_DIRS = ['contract', 'content', 'server', 'sandbox', 'bench'];
const MOCKING = filesThatMock('.', NODE_DIRS);
const WEB_MOCKING = filesThatMock('web', ['src']);

const NODE = {
  environment: 'node',
  setupFiles: ['./vitest.setup.ts'],
  // Ceilings, not waits: every test waits on conditions with its own deadline. On a busy 2-core machine a
  // portal's start and a payment's path took 2-3 times their quiet time (2026-11-25), and tests of 30 s died at
  // their ceiling while their conditions were still coming true.
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

const WEB = {
  extends: './web/vite.config.ts',
  test: {
    root: './web',
    environment: 'happy-dom',
    setupFiles: ['../vitest.setup.ts'],
    // A ceiling, not a wait, as for the node tests: a page typed into step by step (the store locator's search,
    // about 1 s alone) took over the default 5 s in a clean clone's run beside three other workers (2026-11-29).
    testTimeout: 20_000,
  },
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
          include: [`{${NODE_DIRS.join(',')}}/**/*.test.ts`],
          exclude: ['**/node_modules/**', 'e2e/**', ...MOCKING],
          // A worker keeps the modules it imported from one file to the next instead of importing the server
          // again for each: the node tests took 266 s instead of 528 (2026-11-28). Every test starts its own
          // portals, so what a module keeps is shared as between the portals of one file.
          isolate: false,
        },
      },
      { test: { ...NODE, name: 'node-mocking', include: MOCKING } },
      {
        ...WEB,
        test: {
          ...WEB.test,
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', ...WEB_MOCKING],
          // As the node tests: 48 s instead of 89 alone (2026-11-28). The files of a worker share one window too, so
          // each test starts with emptied storage (web/src/testing/setup.ts).
          isolate: false,
        },
      },
      { ...WEB, test: { ...WEB.test, name: 'web-mocking', include: WEB_MOCKING } },
    ],
  },
});
