import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, type TestPortal } from './test/harness.js';

describe('the sandbox answers this machine only', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal('pglite', { env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => {
    await portal?.close();
  });

  const inbox = (headers: Record<string, string> = {}) =>
    fetch(`${portal.baseUrl}/sandbox/sms?to=8021000001`, { headers });

  it('a client elsewhere, through the proxy, finds no sandbox: no code inbox, no knobs', async () => {
    expect((await inbox({ 'x-forwarded-for': '203.0.113.5' })).status).toBe(404);
    const patch = await fetch(`${portal.baseUrl}/sandbox/config`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.5' },
      body: JSON.stringify({ customerCareNumber: '0800 000 0000' }),
    });
    expect(patch.status).toBe(404);
  });

  it('this machine, directly or through the proxy, reaches it', async () => {
    expect((await inbox()).status).toBe(200);
    expect((await inbox({ 'x-forwarded-for': '127.0.0.1' })).status).toBe(200);
  });
});
