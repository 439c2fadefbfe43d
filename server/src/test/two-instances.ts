import { afterAll, beforeAll } from 'vitest';
import { startTestPortal, type TestPortal } from './harness.js';

/**
 * Two instances on one fresh PostgreSQL database (TEST_DATABASE_URL), as behind a proxy: started before the
 * suite's tests, closed after them. The object holds them once started. Each may have settings of its own
 * (two web builds, say: in one process, instances of one market would share one render bundle).
 */
export function twoInstancesOnOnePostgres(
  env: { a?: Record<string, string>; b?: Record<string, string> } = {},
): { a: TestPortal; b: TestPortal } {
  const portals = {} as { a: TestPortal; b: TestPortal };
  beforeAll(async () => {
    portals.a = await startTestPortal('postgres', { env: env.a ?? {}, keep: true });
    const shared = { dataDir: portals.a.dataDir, databaseUrl: portals.a.databaseUrl };
    portals.b = await startTestPortal('postgres', { env: env.b ?? {}, reuse: shared });
  });
  afterAll(async () => {
    await portals.a?.close();
    await portals.b?.close();
  });
  return portals;
}
