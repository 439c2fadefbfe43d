import { clientHeaders, needsClientHeaders, PATHS, type Envelope } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, testDatabases, type TestPortal } from './test/harness.js';

describe.each(testDatabases())('the portal server (%s)', (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(kind);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('answers liveness and readiness', async () => {
    expect((await portal.request('GET', PATHS.healthz)).status).toBe(200);
    const ready = await portal.request<{ status: string; database: string }>('GET', PATHS.readyz);
    expect(ready.body).toEqual({ status: 'ready', database: kind });
  });

  it('serves an OpenAPI document generated from the contract', async () => {
    const doc = await portal.request<{
      openapi: string;
      paths: Record<string, unknown>;
      components: { securitySchemes: Record<string, unknown> };
    }>('GET', PATHS.openapi);
    expect(doc.body.openapi).toMatch(/^3\./);
    for (const p of [
      PATHS.initiate,
      PATHS.process,
      PATHS.status,
      PATHS.config,
      PATHS.activePackage,
      PATHS.sendOtp,
    ]) {
      expect(Object.keys(doc.body.paths)).toContain(p);
    }
    // The API's calls name the two client headers they need; the probes need none.
    const operation = (path: string, method: string) =>
      (doc.body.paths[path] as Record<string, { security?: unknown }>)[method]!;
    expect(operation(PATHS.sendOtp, 'post').security).toEqual([{ apiKey: [], serviceId: [] }]);
    for (const [path, operations] of Object.entries(doc.body.paths)) {
      for (const described of Object.values(operations as Record<string, { security?: unknown }>)) {
        expect(described.security !== undefined, path).toBe(needsClientHeaders(path));
      }
    }
    expect(doc.body.components.securitySchemes.apiKey).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
    });
  });

  it('serves content pages per language as JSON text in packageHtml, falling back to English', async () => {
    const url = (page: string, lang?: string) =>
      `${PATHS.activePackage}?opco=NG&pageUrl=${page}${lang ? `&lang=${lang}` : ''}`;
    const en = await portal.request<Envelope<{ packageHtml: string; language: string }>>(
      'GET',
      url('loader-translation', 'en'),
    );
    expect(en.status).toBe(200);
    expect(en.body.statusCode).toBe('200');
    expect(JSON.parse(en.body.result.packageHtml)).toHaveProperty('wait');
    const sw = await portal.request<Envelope<{ packageHtml: string; language: string }>>(
      'GET',
      url('loader-translation', 'sw'),
    );
    expect(sw.body.result.language).toBe('sw');
    expect(sw.body.result.packageHtml).not.toBe(en.body.result.packageHtml);
    const missing = await portal.request<Envelope<null>>('GET', url('no-such-page'));
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status: 'failure', statusCode: '404' });
    const bad = await portal.request<Envelope<null>>(
      'GET',
      `${PATHS.activePackage}?pageUrl=../../etc/passwd`,
    );
    expect(bad.status).toBe(400);
  });

  it('serves configData with the keys of spec §3', async () => {
    const res = await portal.request<Envelope<{ configData: Record<string, unknown> }>>(
      'GET',
      `${PATHS.config}?code=NG`,
    );
    const c = res.body.result.configData;
    expect(c).toMatchObject({
      preMinAmnt: 50,
      preMaxAmnt: 50000,
      postMinAmnt: 100,
      postMaxAmnt: 500000,
      customerCareNumber: '300',
    });
    for (const key of [
      'payStackConfig',
      'beta.amountToHigherValueFeature',
      'postpaidHybridCheck',
      'enableAmPin',
      'pinResetDial',
      'paymentMaxTry',
    ]) {
      expect(c).toHaveProperty([key]);
    }
    expect(JSON.parse(String(c['payStackConfig']))).toEqual({
      publicKey: portal.config.secrets.cardPublicKey,
      inlineScriptUrl: '/sandbox/paystack/inline.js',
    });
  });

  it('changes configuration at run time through the sandbox, and reset restores it', async () => {
    const patched = await portal.request('PATCH', '/sandbox/config', { enableAmPin: true });
    expect(patched.status).toBe(200);
    const after = await portal.request<Envelope<{ configData: { enableAmPin: boolean } }>>(
      'GET',
      `${PATHS.config}?code=NG`,
    );
    expect(after.body.result.configData.enableAmPin).toBe(true);
    const unknown = await portal.request<Envelope<null>>('PATCH', '/sandbox/config', { noSuchKey: 1 });
    expect(unknown.status).toBe(400);
    await portal.request('POST', '/sandbox/reset');
    const reset = await portal.request<Envelope<{ configData: { enableAmPin: boolean } }>>(
      'GET',
      `${PATHS.config}?code=NG`,
    );
    expect(reset.body.result.configData.enableAmPin).toBe(false);
  });

  it('converts amounts for the dual-currency display from configured rates', async () => {
    const res = await portal.request<Envelope<{ convertedAmount: number; rate: number }>>(
      'POST',
      PATHS.exchangeRate,
      {
        fromCurrency: 'USD',
        toCurrency: 'CDF',
        amount: 2.5,
      },
    );
    expect(res.body.result).toEqual({ convertedAmount: 7125, rate: 2850 });
    const unknown = await portal.request<Envelope<null>>('POST', PATHS.exchangeRate, {
      fromCurrency: 'USD',
      toCurrency: 'EUR',
      amount: 1,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('No exchange rate for USD to EUR');
  });

  it('checks line types through the core', async () => {
    const check = (msisdn: string) =>
      portal.request<Envelope<string>>('POST', PATHS.validateMsisdn, { msisdn });
    expect((await check('8021000001')).body.result).toBe('PREPAID');
    expect((await check('8021000002')).body.result).toBe('POSTPAID');
    expect((await check('8021000003')).body.result).toBe('HYBRID');
    for (const n of ['7011000009', '8031234567']) {
      const r = await check(n);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('Invalid Mobile No');
    }
    expect((await check('802')).status).toBe(400);
  });

  it("answers an error's user message in the request's language (Accept-Language), English otherwise", async () => {
    const check = (language?: string) =>
      portal.request<Envelope<null>>(
        'POST',
        PATHS.validateMsisdn,
        { msisdn: '8031234567' },
        language ? { 'accept-language': language } : {},
      );
    expect((await check('yo')).body).toMatchObject({
      statusCode: 'INVALID_MSISDN',
      message: 'Nọ́mbà fóònù kò tọ̀nà',
    });
    expect((await check('ha-NG,en;q=0.8')).body.message).toBe('Lambar waya ba daidai ba ce');
    expect((await check('pcm')).body.message).toBe('Dis phone number no correct');
    expect((await check('fr')).body.message).toBe('Invalid Mobile No');
    expect((await check()).body.message).toBe('Invalid Mobile No');
    // A request the schema refuses: the catalogue's words, not the validator's English.
    const invalid = await portal.request<Envelope<null>>(
      'POST',
      PATHS.validateMsisdn,
      { msisdn: '8021000001', checkIfBroadband: 'yes' },
      { 'accept-language': 'ig' },
    );
    expect(invalid.body).toMatchObject({ statusCode: '400', message: 'Arịrịọ a ezighi ezi' });
    // A number of the wrong type is still a number that is not valid, in the catalogue's words.
    const typed = await portal.request<Envelope<null>>(
      'POST',
      PATHS.validateMsisdn,
      { msisdn: 5 },
      { 'accept-language': 'ig' },
    );
    expect(typed.body).toMatchObject({ statusCode: 'INVALID_MSISDN', message: 'Nọmba ekwentị ezighi ezi' });
  });

  it('answers every error in the envelope, with security headers and no CORS', async () => {
    const res = await fetch(`${portal.baseUrl}${PATHS.validateMsisdn}`, {
      method: 'POST',
      headers: {
        ...clientHeaders(portal.config.clientHeaders),
        'content-type': 'application/json',
        origin: 'https://evil.example',
      },
      body: '{"msisdn":',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: 'failure', statusCode: '400' });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    // HSTS only over TLS (docs/decisions/0065); this answer went out over plain HTTP.
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');

    const big = await fetch(`${portal.baseUrl}${PATHS.validateMsisdn}`, {
      method: 'POST',
      headers: { ...clientHeaders(portal.config.clientHeaders), 'content-type': 'application/json' },
      body: JSON.stringify({ msisdn: '8021000001', pad: 'x'.repeat(200_000) }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({
      status: 'failure',
      statusCode: '413',
      message: 'The request is too large.',
    });

    const unknownApi = await portal.request<Envelope<null>>(
      'GET',
      '/orp/bfe/api/portal-service/nothing-here',
    );
    expect(unknownApi.status).toBe(404);
    expect(unknownApi.body.status).toBe('failure');

    // A body that is not JSON is refused as such, whatever type it names.
    for (const type of ['text/plain', 'application/xml']) {
      const typed = await fetch(`${portal.baseUrl}${PATHS.validateMsisdn}`, {
        method: 'POST',
        headers: { ...clientHeaders(portal.config.clientHeaders), 'content-type': type },
        body: JSON.stringify({ msisdn: '8021000001' }),
      });
      expect(typed.status, type).toBe(415);
      expect(await typed.json()).toMatchObject({ status: 'failure', statusCode: '415' });
    }

    // A POST call sent as GET (it meets the pages' catch-all first) and as PUT is told which method it needs.
    for (const method of ['GET', 'PUT'] as const) {
      const wrong = await fetch(`${portal.baseUrl}${PATHS.validateMsisdn}`, {
        method,
        headers: clientHeaders(portal.config.clientHeaders),
      });
      expect(wrong.status).toBe(405);
      expect(wrong.headers.get('allow')).toBe('POST');
      expect(await wrong.json()).toMatchObject({ status: 'failure', statusCode: '405' });
    }
  });
});
