import { afterEach, vi } from 'vitest';

// A test fails on an unexpected console.error (style.md habit 2). The node tests share their modules between
// files (vitest.config.ts), so this runs again in a process whose console.error it already wrapped.
const global_ = globalThis as { consoleErrorUnwrapped?: typeof console.error };
const original = (global_.consoleErrorUnwrapped ??= console.error);
let errors: unknown[][] = [];
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  const seen = errors;
  errors = [];
  vi.restoreAllMocks();
  if (seen.length > 0) throw new Error(`console.error was called: ${String(seen[0]?.[0])}`);
});
