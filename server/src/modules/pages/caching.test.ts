import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, type TestPortal } from '../../test/harness.js';
import { fakeWebBuilds } from '../../test/web-build.js';

const fakeWebBuild = fakeWebBuilds();

describe('how long browsers, and the server, keep what the web app serves', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    const build = fakeWebBuild();
    portal = await startTestPortal('pglite', {
      env: { SERVE_WEB: 'true', WEB_DIST_DIR: build.dist, WEB_RENDER_DIR: build.render },
    });
  }, 180_000);
  afterAll(async () => {
    await portal?.close();
  });

  const get = async (url: string) => {
    const answer = await fetch(`${portal.baseUrl}${url}`);
    await answer.arrayBuffer();
    return answer;
  };

  it('keeps a hashed file for a year, with the security headers', async () => {
    const answer = await get('/assets/index-abc123.js');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('revalidates the service worker and the pages', async () => {
    expect((await get('/sw.js')).headers.get('cache-control')).toBe('no-cache');
    const page = await get('/prepaid-recharge');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
  });

  it('stores nothing that does not say how it may be kept', async () => {
    const unknown = await get('/orp/bfe/api/portal-service/no-such-thing');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('cache-control')).toBe('no-store');
    const undecodable = await get('/%E0%A4%A');
    expect(undecodable.status).toBe(400);
    expect(undecodable.headers.get('cache-control')).toBe('no-store');
  });

  const page = async (url: string, headers: Record<string, string> = {}) => {
    const answer = await fetch(`${portal.baseUrl}${url}`, { headers });
    return { answer, text: await answer.text() };
  };
  const renderOf = (text: string) => Number(/<!--render (\d+)-->/.exec(text)?.[1]);

  it('counts and logs a page as the page it was, kept or rendered, not as the one catch-all route', async () => {
    await page('/data-bundle');
    await page('/data-bundle');
    await page('/data-bundle?msisdn=8021000001');
    const metrics = await (await fetch(`${portal.baseUrl}/metrics`)).text();
    expect(metrics).toContain(
      'portal_http_request_duration_seconds_count{method="GET",route="page:data-bundle",status_code="200"} 3',
    );
  });

  it('renders a page without a query once for many visitors, and one with a query for each', async () => {
    const first = renderOf((await page('/prepaid-recharge')).text);
    expect(renderOf((await page('/prepaid-recharge')).text)).toBe(first);
    const queried = renderOf((await page('/prepaid-recharge?msisdn=8021000001')).text);
    expect(queried).toBeGreaterThan(first);
    expect(renderOf((await page('/prepaid-recharge?msisdn=8021000001')).text)).toBe(queried + 1);
  });

  it("keeps the page of a campaign's link (campaign tags alone) once for all who follow it", async () => {
    const link = '/data-bundle?utm_source=sms&utm_campaign=easter';
    const first = renderOf((await page(link)).text);
    expect(renderOf((await page(link)).text)).toBe(first);
    const tagged = renderOf((await page(`${link}&msisdn=8021000001`)).text);
    expect(tagged).toBeGreaterThan(first);
    expect(renderOf((await page(`${link}&msisdn=8021000001`)).text)).toBe(tagged + 1);
  });

  it('sends a kept page compressed, revalidated with its ETag, and with the security headers', async () => {
    await page('/data-bundle');
    const { answer } = await page('/data-bundle', { 'accept-encoding': 'gzip' });
    expect(answer.headers.get('content-encoding')).toBe('gzip');
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    const again = await page('/data-bundle', { 'if-none-match': answer.headers.get('etag')! });
    expect(again.answer.status).toBe(304);
  });

  it('shows a configuration change on a kept page at once', async () => {
    expect((await page('/postpaid-bill-pay')).text).toContain('<p>NGN /postpaid-bill-pay</p>');
    const patched = await portal.request('PATCH', '/sandbox/config', { currency: 'USD' });
    expect(patched.status).toBe(200);
    expect((await page('/postpaid-bill-pay')).text).toContain('<p>USD /postpaid-bill-pay</p>');
    await portal.request('POST', '/sandbox/reset');
    expect((await page('/postpaid-bill-pay')).text).toContain('<p>NGN /postpaid-bill-pay</p>');
  });

  it("shows a configuration change at once on a page rendered for each visitor (the render's kept reads)", async () => {
    const personal = '/postpaid-bill-pay?msisdn=8021000001';
    expect((await page(personal)).text).toContain('<p>NGN /postpaid-bill-pay</p>');
    const before = renderOf((await page(personal)).text);
    expect((await portal.request('PATCH', '/sandbox/config', { currency: 'USD' })).status).toBe(200);
    const after = (await page(personal)).text;
    expect(after).toContain('<p>USD /postpaid-bill-pay</p>');
    expect(renderOf(after)).toBeGreaterThan(before);
    await portal.request('POST', '/sandbox/reset');
    expect((await page(personal)).text).toContain('<p>NGN /postpaid-bill-pay</p>');
  });
});
