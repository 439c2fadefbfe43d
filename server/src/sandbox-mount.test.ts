import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewaySite } from './sandbox-mount.js';
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

describe('where the mounted card gateway puts its hosted checkout', () => {
  const site = (card: string) =>
    gatewaySite({ upstream: { card } as never, publicBaseUrl: () => 'http://127.0.0.1:8080' });

  it('on the site the portal reaches the gateway at, a second origin when another host is named', () => {
    expect(site('http://127.0.0.1:8080/sandbox/paystack')).toBe('http://127.0.0.1:8080');
    expect(site('http://localhost:8080/sandbox/paystack')).toBe('http://localhost:8080');
    expect(site('https://portal.example/shop/sandbox/paystack')).toBe('https://portal.example/shop');
  });

  it("on the portal's own address when the gateway is not the mounted one", () => {
    expect(site('https://api.paystack.co')).toBe('http://127.0.0.1:8080');
  });
});
