import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { msUntil, type TestPortal } from '../../test/harness.js';
import { twoInstancesOnOnePostgres } from '../../test/two-instances.js';
import { fakeWebBuilds } from '../../test/web-build.js';
import { createPageCache, mayKeepPageAt } from './page-cache.js';
import type { PageResponse } from './service.js';

const page = (html: string, more: Partial<Extract<PageResponse, { kind: 'page' }>> = {}): PageResponse => ({
  kind: 'page',
  status: 200,
  html,
  personal: false,
  ...more,
});

/** A cache on a clock and a data version the test moves, and a render that counts itself. */
function setUp(maxAgeMs = 10_000) {
  const state = { now: 1_000_000, version: 'v1', renders: 0 };
  const cache = createPageCache({ version: () => state.version, maxAgeMs, now: () => state.now });
  const render = (answer: (n: number) => PageResponse = (n) => page(`<p>render ${n}</p>`)) => {
    return async () => answer(++state.renders);
  };
  const html = async (key: string, answer?: (n: number) => PageResponse) => {
    const served = await cache.page(key, render(answer));
    return 'kept' in served ? served.kept.body : served.rendered.kind === 'page' ? served.rendered.html : '';
  };
  return { state, cache, render, html };
}

describe('pages kept for every visitor alike', () => {
  it('may keep a page without a query, or with campaign tags alone; never one with anything a page reads', () => {
    expect(mayKeepPageAt('/prepaid-recharge')).toBe(true);
    expect(mayKeepPageAt('/ha/data-bundle?utm_source=sms&utm_campaign=easter')).toBe(true);
    expect(mayKeepPageAt('/?fbclid=abc&gclid=def')).toBe(true);
    expect(mayKeepPageAt('/prepaid-recharge?utm_source=sms&msisdn=8021000001')).toBe(false);
    expect(mayKeepPageAt('/storeLocator?q=Yaba')).toBe(false);
    expect(mayKeepPageAt('/gethelp?')).toBe(false);
    expect(mayKeepPageAt('/gethelp?UTM_SOURCE=sms')).toBe(false);
  });

  it('answers a page again from the kept render until it is as old as allowed', async () => {
    const { state, html } = setUp();
    expect(await html('/prepaid-recharge')).toBe('<p>render 1</p>');
    state.now += 9_999;
    expect(await html('/prepaid-recharge')).toBe('<p>render 1</p>');
    expect(await html('/ha/prepaid-recharge')).toBe('<p>render 2</p>');
    state.now += 1;
    expect(await html('/prepaid-recharge')).toBe('<p>render 3</p>');
    expect(state.renders).toBe(3);
  });

  it('renders again once the content, configuration or FAQs changed', async () => {
    const { state, html } = setUp();
    await html('/');
    state.version = 'v2';
    expect(await html('/')).toBe('<p>render 2</p>');
    expect(await html('/')).toBe('<p>render 2</p>');
  });

  it('does not keep a render that a change overtook while it ran', async () => {
    const { state, cache } = setUp();
    const served = await cache.page('/', async () => {
      state.version = 'v2';
      return page('<p>read before the change</p>');
    });
    expect('rendered' in served && served.rendered).toMatchObject({ html: '<p>read before the change</p>' });
    const next = await cache.page('/', async () => page('<p>after</p>'));
    expect('kept' in next && next.kept.body).toBe('<p>after</p>');
  });

  it('keeps no personal page, no page that was not found or failed, and no redirect', async () => {
    const { state, html } = setUp();
    await html('/payment/start', (n) => page(`<p>${n}</p>`, { personal: true }));
    await html('/payment/start', (n) => page(`<p>${n}</p>`, { personal: true }));
    await html('/no-such-page', (n) => page(`<p>${n}</p>`, { status: 404 }));
    await html('/no-such-page', (n) => page(`<p>${n}</p>`, { status: 404 }));
    await html('/old', () => ({ kind: 'redirect', status: 301, location: '/new' }));
    await html('/old', () => ({ kind: 'redirect', status: 301, location: '/new' }));
    expect(state.renders).toBe(6);
  });

  it('lets visitors who ask at once share one render', async () => {
    const { state, cache } = setUp();
    let finish: (answer: PageResponse) => void = () => undefined;
    const slow = () => {
      state.renders++;
      return new Promise<PageResponse>((resolve) => (finish = resolve));
    };
    const asked = [cache.page('/', slow), cache.page('/', slow), cache.page('/', slow)];
    finish(page('<p>once</p>'));
    const served = await Promise.all(asked);
    expect(state.renders).toBe(1);
    expect(served.map((s) => 'kept' in s && s.kept.body)).toEqual(Array(3).fill('<p>once</p>'));
  });

  it('keeps the compressed forms with the page, and a validator that ignores when the data was read', async () => {
    const { cache } = setUp();
    const html = `<p>${'Recharge. '.repeat(200)}</p><script>{"dataUpdatedAt":1795933839957}</script>`;
    const served = await cache.page('/', async () => page(html));
    if (!('kept' in served)) throw new Error('not kept');
    expect(gunzipSync(served.kept.encoded!('gzip')).toString()).toBe(html);
    const later = html.replace('1795933839957', '1795933849957');
    const other = createPageCache({ version: () => 'v1', maxAgeMs: 1000 });
    const again = await other.page('/', async () => page(later));
    expect('kept' in again && again.kept.etag).toBe(served.kept.etag);
  });

  it('keeps nothing when the age allowed is 0, and no more pages than its bound', async () => {
    const { state, html } = setUp(0);
    await html('/');
    await html('/');
    expect(state.renders).toBe(2);
    const small = createPageCache({ version: () => 'v1', maxAgeMs: 10_000, maxEntries: 2 });
    let renders = 0;
    const render = async () => page(`<p>${++renders}</p>`);
    for (const key of ['/a', '/b', '/c', '/c', '/b', '/a']) await small.page(key, render);
    // '/a' went when '/c' came; '/b' and '/c' were still kept.
    expect(renders).toBe(4);
  });
});

const fakeWebBuild = fakeWebBuilds();

describe.runIf(process.env['TEST_DATABASE_URL'])('a kept page on two instances', () => {
  // A build each: in this one process, two instances of one market would share one render bundle (and its
  // transport into the API), where two processes have one each.
  const served = () => {
    const build = fakeWebBuild();
    return { SERVE_WEB: 'true', WEB_DIST_DIR: build.dist, WEB_RENDER_DIR: build.render };
  };
  const portals = twoInstancesOnOnePostgres({ a: served(), b: served() });

  it('shows a configuration change made on the other instance within a second', async () => {
    const { a, b } = portals;
    const pageOn = (portal: TestPortal) => async () =>
      (await (await fetch(`${portal.baseUrl}/broadband-recharge`)).text()).includes('<p>USD ');
    expect(await pageOn(b)()).toBe(false);
    expect((await a.request('PATCH', '/sandbox/config', { currency: 'USD' })).status).toBe(200);
    expect(await pageOn(a)()).toBe(true);
    expect(await msUntil(pageOn(b), (usd) => usd, 1000)).toBeLessThan(1000);
    await b.request('POST', '/sandbox/reset');
  });
});
