import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestPortal, type TestPortal } from '../../test/harness.js';
import { fakeWebBuilds } from '../../test/web-build.js';

const fakeWebBuild = fakeWebBuilds();

/**
 * A render bundle that answers as web/src/entry-server.tsx does: a form sent to a page without a form handler
 * is the page itself, in the address's language, with status 405 (/prepaid-recharge has a handler: on to the
 * payment page); a page whose route threw is the error page, 500, with what was thrown.
 */
const BUNDLE = `let renders = 0;
export function init() {}
export async function render(request) {
  const url = new URL(request.url);
  const lang = url.pathname.startsWith('/ha/') ? 'ha' : 'en';
  const page = (status, html, extra = {}) =>
    ({ kind: 'page', status, lang, title: 't', description: 'd', html, state: '{}', modules: [], ...extra });
  if (url.pathname.endsWith('/fails')) {
    return page(500, '<h1>Unexpected Application Error!</h1>', { error: new Error('the loader broke') });
  }
  if (request.method === 'POST' && url.pathname.endsWith('/prepaid-recharge')) {
    return { kind: 'redirect', status: 303, location: '/payment/start?purchase=x', page: 'prepaid-recharge' };
  }
  const heading = lang === 'ha' ? 'Nemo shago' : 'Find a store';
  return page(request.method === 'POST' ? 405 : 200, '<h1>' + heading + '</h1><!--render ' + ++renders + '-->');
}
`;

describe('a form sent to a page that takes none', () => {
  let portal: TestPortal;
  const lines: string[] = [];
  beforeAll(async () => {
    const build = fakeWebBuild();
    writeFileSync(path.join(build.render, 'entry-server.js'), BUNDLE);
    portal = await startTestPortal('pglite', {
      env: { SERVE_WEB: 'true', WEB_DIST_DIR: build.dist, WEB_RENDER_DIR: build.render },
      logSink: (line) => lines.push(line),
    });
  }, 180_000);
  afterAll(async () => {
    await portal?.close();
  });

  const post = (url: string, body = 'x=1') =>
    fetch(`${portal.baseUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      redirect: 'manual',
    });
  const logged = () =>
    lines
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it('is refused with 405, the methods the page takes, and the page in its language', async () => {
    const refused = await post('/ha/storeLocator');
    expect(refused.status).toBe(405);
    expect(refused.headers.get('allow')).toBe('GET, HEAD');
    expect(refused.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await refused.text();
    expect(html).toContain('<html lang="ha">');
    expect(html).toContain('<h1>Nemo shago</h1>');
    // Not an error: nothing logged above the request line.
    expect(logged().filter((line) => Number(line['level']) >= 50)).toEqual([]);
  });

  it('leaves the page kept for its visitors as a GET renders it, never the refusal', async () => {
    await post('/storeLocator');
    const first = await fetch(`${portal.baseUrl}/storeLocator`);
    expect(first.status).toBe(200);
    expect(first.headers.get('allow')).toBeNull();
    const render = /<!--render (\d+)-->/.exec(await first.text())?.[1];
    await post('/storeLocator');
    const again = await fetch(`${portal.baseUrl}/storeLocator`);
    expect(again.status).toBe(200);
    expect(/<!--render (\d+)-->/.exec(await again.text())?.[1]).toBe(render);
  });

  it("still takes a page's plain form", async () => {
    const sent = await post('/prepaid-recharge', 'msisdn=8021000001&amount=500');
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/payment/start?purchase=x');
    expect(sent.headers.get('allow')).toBeNull();
    const metrics = await (await fetch(`${portal.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/method="POST",route="page:prepaid-recharge",status_code="303"\} 1\n/);
  });

  it('logs what a route threw, with its stack and the request id, and answers 500', async () => {
    lines.length = 0;
    const failed = await fetch(`${portal.baseUrl}/ha/fails`);
    expect(failed.status).toBe(500);
    expect(failed.headers.get('cache-control')).toBe('no-cache');
    await failed.text();
    // The request's own line is written once the answer is sent.
    const request = await eventually(async () =>
      logged().find((line) => line['msg'] === 'request' && line['status'] === 500),
    );
    const error = logged().find((line) => line['msg'] === 'page render failed');
    expect(error).toMatchObject({ level: 50, page: '/ha/fails', reqId: request?.['reqId'] });
    expect(error?.['reqId']).toEqual(expect.any(String));
    const err = error?.['err'] as { message: string; stack: string };
    expect(err.message).toBe('the loader broke');
    expect(err.stack).toContain('entry-server.js');
  });
});
