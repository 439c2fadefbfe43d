import { clientHeaders, PATHS } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_SCRIPT_HASH } from '../modules/pages/boot.js';
import { startTestPortal, type TestPortal } from '../test/harness.js';
import { tileOrigin } from './security-headers.js';

describe('security headers (docs/decisions/0065)', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal('pglite', {
      env: {
        TRUST_PROXY: '127.0.0.1',
        MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
        ANALYTICS_ORIGINS: 'https://www.googletagmanager.com',
        CARD_INLINE_SCRIPT_URL: 'https://js.paystack.co/v1/inline.js',
        CARD_CHECKOUT_ORIGIN: 'https://checkout.paystack.com',
      },
    });
  });
  afterAll(async () => {
    await portal?.close();
  });

  const csp = (headers: Headers) => headers.get('content-security-policy') ?? '';

  /** A page's answer (a 404 page when the test portal serves no build): the document's headers. */
  const page = () => fetch(`${portal.baseUrl}/no-such-page`);

  it("the page's policy names the origins it needs, never any https:", async () => {
    const policy = csp((await page()).headers);
    const directives = Object.fromEntries(
      policy.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    for (const values of Object.values(directives)) expect(values).not.toContain('https:');
    expect(directives['script-src']).toEqual(
      expect.arrayContaining([
        "'self'",
        BOOT_SCRIPT_HASH,
        'https://js.paystack.co',
        'https://www.googletagmanager.com',
      ]),
    );
    expect(directives['img-src']).toContain('https://*.tiles.example.org');
    expect(directives['connect-src']).toEqual(
      expect.arrayContaining(["'self'", 'https://api.paystack.co', 'https://www.googletagmanager.com']),
    );
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    // A plain payment form's answer sends the browser on to the gateway's hosted checkout.
    expect(directives['form-action']).toEqual(["'self'", 'https://checkout.paystack.com']);
    // The older header says the same for browsers that do not read frame-ancestors.
    expect((await page()).headers.get('x-frame-options')).toBe('DENY');
  });

  it("JSON answers carry the short set: nothing to run, frame or sniff, without the page's origins", async () => {
    for (const path of [PATHS.healthz, `${PATHS.config}?code=NG`]) {
      const headers = (
        await fetch(`${portal.baseUrl}${path}`, { headers: clientHeaders(portal.config.clientHeaders) })
      ).headers;
      expect(csp(headers), path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(headers.get('x-frame-options'), path).toBe('DENY');
      expect(headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
      expect(headers.get('x-dns-prefetch-control'), path).toBeNull();
    }
  });

  it('HSTS only on answers that went out over TLS', async () => {
    const plain = await portal.request('GET', PATHS.healthz);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const tls = await portal.request('GET', PATHS.healthz, undefined, { 'x-forwarded-proto': 'https' });
    expect(tls.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it("Fastify's own error answers (404, a body that does not parse, a bad URL) carry the security headers", async () => {
    const notFound = await portal.request('GET', '/orp/bfe/api/no-such-route');
    const badJson = await fetch(`${portal.baseUrl}${PATHS.sendOtp}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...clientHeaders(portal.config.clientHeaders) },
      body: '{"msisdn":',
    });
    const badMedia = await fetch(`${portal.baseUrl}${PATHS.sendOtp}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-unknown', ...clientHeaders(portal.config.clientHeaders) },
      body: 'x',
    });
    const badUrl = await fetch(`${portal.baseUrl}/orp/bfe/api/%E0%A4%A`);
    // Refused by a hook before any route runs.
    const noClient = await fetch(`${portal.baseUrl}${PATHS.config}?code=NG`);
    expect([notFound.status, badJson.status, badMedia.status, badUrl.status, noClient.status]).toEqual([
      404, 400, 415, 400, 401,
    ]);
    for (const [name, answer] of Object.entries({ notFound, badJson, badMedia, badUrl, noClient })) {
      expect(csp(answer.headers), name).toContain("frame-ancestors 'none'");
      expect(answer.headers.get('x-frame-options'), name).toBe('DENY');
      expect(answer.headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(answer.headers.get('referrer-policy'), name).toBe('same-origin');
      expect(answer.headers.get('cache-control'), name).toBe('no-store');
    }
  });

  it('reads tile origins from URL templates', () => {
    expect(tileOrigin('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(tileOrigin('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
  });
});
