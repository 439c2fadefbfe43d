import { errorText } from '@portal/contract/error-texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, type TestPortal } from '../../test/harness.js';
import { fakeWebBuilds } from '../../test/web-build.js';

const fakeWebBuild = fakeWebBuilds();

describe('a plain form refused by the rate limit', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    const build = fakeWebBuild();
    portal = await startTestPortal('pglite', {
      env: {
        SERVE_WEB: 'true',
        WEB_DIST_DIR: build.dist,
        WEB_RENDER_DIR: build.render,
        RATE_LIMIT_PER_MINUTE: '2',
      },
    });
  }, 180_000);
  afterAll(async () => {
    await portal?.close();
  });

  const sendForm = () =>
    fetch(`${portal.baseUrl}/ha/prepaid-recharge`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body: 'msisdn=8021000001&amount=500',
    });

  it('is told on a page in the page’s language with how long to wait, not in JSON', async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await sendForm());
    const refused = answers.find((answer) => answer.status === 429);
    expect(refused).toBeDefined();
    expect(refused!.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(refused!.headers.get('cache-control')).toBe('no-store');
    const seconds = Number(refused!.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    const html = await refused!.text();
    expect(html).toContain('<html lang="ha">');
    expect(html).toContain(`<h1>${errorText('RATE_LIMITED_FOR', 'ha', { seconds })}</h1>`);
  });
});
