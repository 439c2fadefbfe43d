import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientHeaders } from '@portal/contract/client-headers';
import { nginxAvailable, startCluster, type Cluster } from '../src/cluster.js';
import { privatePostgresAvailable, startPrivatePostgres, type PrivatePostgres } from '../src/postgres.js';

/**
 * Configuration is answered from each instance's memory and invalidated through PostgreSQL's LISTEN/NOTIFY
 * (docs/decisions/0060): a change acknowledged by one instance is answered by the other, directly and behind
 * nginx, within a second and without a restart.
 */
const canRun = privatePostgresAvailable() && nginxAvailable();
const CONFIG = '/orp/bfe/api/portal-service/resource/v1/config?code=NG';

type ConfigAnswer = { result: { configData: { customerCareNumber: string } } };

async function careNumber(base: string): Promise<string> {
  const response = await fetch(`${base}${CONFIG}`, { headers: clientHeaders() });
  return ((await response.json()) as ConfigAnswer).result.configData.customerCareNumber;
}

describe.skipIf(!canRun)('configuration changes reach every instance', () => {
  let dir: string;
  let pg: PrivatePostgres;
  let cluster: Cluster;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-config-cache-'));
    pg = startPrivatePostgres(path.join(dir, 'pg'), 56500 + Math.floor(Math.random() * 500));
    cluster = await startCluster({
      instances: 2,
      databaseUrl: pg.url,
      proxyPort: 18600 + Math.floor(Math.random() * 300),
      firstInstancePort: 19700 + Math.floor(Math.random() * 300),
      dataDir: path.join(dir, 'data'),
      env: { SERVE_WEB: 'false' },
    });
  });

  afterAll(async () => {
    await cluster?.stop({ timeoutMs: 5_000 });
    pg?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a change on one instance is read on the other and through the proxy within a second', async () => {
    const [a, b] = cluster.instances.map((i) => `http://127.0.0.1:${i.port}`) as [string, string];
    const original = await careNumber(b);
    // Both instances and the proxy answer from memory now.
    expect(await careNumber(a)).toBe(original);
    expect(await careNumber(cluster.url)).toBe(original);

    const patched = await fetch(`${a}/sandbox/config`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ customerCareNumber: '0700 555 0100' }),
    });
    expect(patched.status).toBe(200);
    const acknowledged = performance.now();
    for (;;) {
      const seen = [await careNumber(b), await careNumber(cluster.url), await careNumber(cluster.url)];
      if (seen.every((n) => n === '0700 555 0100')) break;
      expect(performance.now() - acknowledged, `still ${seen.join(', ')}`).toBeLessThan(1000);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(performance.now() - acknowledged).toBeLessThan(1000);
  });
});
