import { PATHS, type Envelope } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, type TestPortal } from './test/harness.js';

describe('requests per client per minute (RATE_LIMIT_PER_MINUTE)', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal('pglite', { env: { RATE_LIMIT_PER_MINUTE: '5' } });
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('refuses the API call past the limit in the envelope, and never the sandbox or the health checks', async () => {
    const config = () => portal.request<Envelope<unknown>>('GET', PATHS.config);
    for (let i = 0; i < 5; i++) expect((await config()).status).toBe(200);
    // Neither the simulated outside world nor a load balancer's probe counts against a client.
    for (let i = 0; i < 3; i++) {
      expect((await portal.request('GET', '/sandbox/sms?to=8021000001')).status).toBe(200);
      expect((await portal.request('GET', PATHS.healthz)).status).toBe(200);
    }
    const refused = await config();
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ status: 'failure', statusCode: '429', result: null });
    expect(refused.body.message).toMatch(/^Too many requests, please try again in \d+ s\.$/);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
