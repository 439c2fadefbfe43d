import { PATHS, type Envelope } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { startTestPortal, type TestPortal } from './test/harness.js';
import { tempDirs } from './test/temp-dirs.js';

const dataDir = tempDirs('portal-trust-proxy-');

describe('requests per client per minute (RATE_LIMIT_PER_MINUTE)', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal('pglite', { env: { RATE_LIMIT_PER_MINUTE: '5' } });
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('refuses the API call past the limit in the envelope, and never the sandbox or the health checks', async () => {
    const products = () => portal.request<Envelope<unknown>>('GET', PATHS.productConfig);
    for (let i = 0; i < 5; i++) {
      const counted = await products();
      expect(counted.status).toBe(200);
      // A counted answer spends no bytes on the limit; only a refusal says how long to wait.
      expect([...counted.headers.keys()].filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
    }
    // Neither the simulated outside world nor a load balancer's probe counts against a client.
    for (let i = 0; i < 3; i++) {
      expect((await portal.request('GET', '/sandbox/sms?to=8021000001')).status).toBe(200);
      expect((await portal.request('GET', PATHS.healthz)).status).toBe(200);
    }
    const refused = await products();
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ status: 'failure', statusCode: '429', result: null });
    expect(refused.body.message).toMatch(/^Too many requests, please try again in \d+ s\.$/);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('never counts the reads answered from memory (configuration, pages, FAQs), nor refuses them', async () => {
    const reads = [
      `${PATHS.config}?code=NG`,
      `${PATHS.activePackage}?opco=NG&pageUrl=translation&lang=en`,
      `${PATHS.faqs}?opco=NG&lang=en`,
    ];
    for (let i = 0; i < 3; i++) {
      for (const read of reads) expect((await portal.request('GET', read)).status).toBe(200);
    }
    expect((await portal.request('GET', PATHS.productConfig)).status).toBe(429);
  });
});

describe('the limit is decided on the matched route, not the raw URL', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal('pglite', { env: { RATE_LIMIT_PER_MINUTE: '4' } });
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('counts a percent-encoded API path like the plain one', async () => {
    // '/%6Frp/bfe/...' is routed to '/orp/bfe/...' once decoded.
    const encoded = PATHS.productConfig.replace(/^\/o/, '/%6F');
    expect(encoded).not.toBe(PATHS.productConfig);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await portal.request('GET', encoded)).status);
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(statuses.slice(4)).toEqual([429, 429]);
    expect((await portal.request('GET', PATHS.productConfig)).status).toBe(429);
  });

  it('asks a percent-encoded API path for the client headers like the plain one', async () => {
    const encoded = PATHS.config.replace(/^\/o/, '/%6F');
    expect((await fetch(`${portal.baseUrl}${encoded}`)).status).toBe(401);
  });
});

describe('TRUST_PROXY: a hop count or the proxies, never any forged header', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal('pglite', { env: { RATE_LIMIT_PER_MINUTE: '4', TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('a client rotating a forged X-Forwarded-For is still one client behind one proxy', async () => {
    // As nginx forwards it: the client's own (forged) value, then the address nginx saw.
    const viaProxy = (i: number) => ({ 'x-forwarded-for': `10.9.${i}.1, 203.0.113.50` });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await portal.request('GET', PATHS.productConfig, undefined, viaProxy(i))).status);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    // Another real client behind the same proxy has its own count.
    const other = await portal.request('GET', PATHS.productConfig, undefined, {
      'x-forwarded-for': '203.0.113.51',
    });
    expect(other.status).toBe(200);
  });

  it('refuses TRUST_PROXY=true and takes a hop count or addresses', () => {
    const dir = dataDir();
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(loadConfig({ DATA_DIR: dir }).trustProxy).toBe(false);
  });
});
