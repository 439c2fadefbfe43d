import { afterAll, beforeAll } from 'vitest';
import { startTestPortal, type TestPortal } from './harness.js';

/**
 * Two instances on one fresh PostgreSQL database (TEST_DATABASE_URL), as behind a proxy: started before the
 * suite's tests, closed after them. The object holds them once started.
 */
export function twoInstancesOnOnePostgres(): { a: TestPortal; b: TestPortal } {
  const portals = {} as { a: TestPortal; b: TestPortal };
  beforeAll(async () => {
    portals.a = await startTestPortal('postgres', { keep: true });
    const shared = { dataDir: portals.a.dataDir, databaseUrl: portals.a.databaseUrl };
    portals.b = await startTestPortal('postgres', { reuse: shared });
  });
  afterAll(async () => {
    await portals.a?.close();
    await portals.b?.close();
  });
  return portals;
}
