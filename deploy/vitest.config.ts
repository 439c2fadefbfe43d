import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// System tests start real processes (PostgreSQL, nginx, portal instances); they run one file at a time.
export default defineConfig({
  test: {
    name: 'system',
    include: ['deploy/system-tests/**/*.test.ts'],
    root: fileURLToPath(new URL('..', import.meta.url)),
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 180_000,
  },
});
