import { PATHS } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { requestTarget } from './service.js';
import { keepingSharedReads } from './shared-reads.js';

/** An in-process API that answers every call with what it was asked and how many calls it has had. */
function countingApi(status = 200) {
  const calls: string[] = [];
  const api: typeof fetch = async (input, init) => {
    const url = requestTarget(input);
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    return new Response(JSON.stringify({ url, call: calls.length }), {
      status,
      headers: { 'content-type': 'application/json', etag: `W/"${calls.length}"` },
    });
  };
  return { api, calls };
}

const page = (name: string, lang = 'en') => `${PATHS.activePackage}?opco=NG&pageUrl=${name}&lang=${lang}`;

describe('the render keeps the shared reads for the data version', () => {
  it('asks the API once for the same content page, configuration or FAQs, and answers the same bytes', async () => {
    const { api, calls } = countingApi();
    const fetchKept = keepingSharedReads(api, () => '1:1');
    for (const url of [page('translation'), `${PATHS.config}?code=NG`, `${PATHS.faqs}?opco=NG&lang=ha`]) {
      const first = await fetchKept(url);
      const second = await fetchKept(url);
      expect(await second.json()).toEqual(await first.json());
      expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    }
    expect(calls).toHaveLength(3);
  });

  it('tells apart pages, languages in the query or in headers', async () => {
    const { api, calls } = countingApi();
    const fetchKept = keepingSharedReads(api, () => '1:1');
    await fetchKept(page('translation'));
    await fetchKept(page('translation', 'yo'));
    await fetchKept(page('footer'));
    await fetchKept(`${PATHS.faqs}?opco=NG`, { headers: { lang: 'ig' } });
    await fetchKept(`${PATHS.faqs}?opco=NG`, { headers: { lang: 'ha' } });
    expect(calls).toHaveLength(5);
  });

  it('asks again once the data version has moved on (a content reload, a configuration change, a vote)', async () => {
    const { api, calls } = countingApi();
    let version = '1:1';
    const fetchKept = keepingSharedReads(api, () => version);
    await fetchKept(page('translation'));
    version = '2:1';
    const after = (await (await fetchKept(page('translation'))).json()) as { call: number };
    expect(after.call).toBe(2);
    await fetchKept(page('translation'));
    expect(calls).toHaveLength(2);
  });

  it('keeps nothing else: other paths, other methods, answers other than 200', async () => {
    const { api, calls } = countingApi();
    const fetchKept = keepingSharedReads(api, () => '1:1');
    for (let i = 0; i < 2; i++) {
      await fetchKept(`${PATHS.status}?tid=TX1`);
      await fetchKept(PATHS.initiate, { method: 'POST', body: '{}' });
    }
    expect(calls).toHaveLength(4);

    const missing = countingApi(404);
    const fetchMissing = keepingSharedReads(missing.api, () => '1:1');
    await fetchMissing(page('nothing-here'));
    await fetchMissing(page('nothing-here'));
    expect(missing.calls).toHaveLength(2);
  });
});
