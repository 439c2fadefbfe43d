import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  activePackageResponse,
  bundlesResponse,
  clientHeaders,
  configResponse,
  errorEnvelope,
  faqsResponse,
  OPCO,
  PATHS,
  statusResponse,
  type FaqItem,
  type LikeCountResult,
  type ConfigData,
} from '@portal/contract';
import { CONTENT_DIR, listMarketConfigs } from '@portal/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startCardPayment } from '../../test/payments.js';
import { msUntil, startTestPortal, testDatabases, type TestPortal } from '../../test/harness.js';
import { twoInstancesOnOnePostgres } from '../../test/two-instances.js';
import { createContentService } from './service.js';
import type { ContentStore } from './store.js';

type Envelope<T> = { statusCode: string; status: string; message: string; result: T };
type ConfigAnswer = Envelope<{ configData: ConfigData }>;

const configUrl = `${PATHS.config}?code=NG`;
const translationUrl = `${PATHS.activePackage}?opco=NG&pageUrl=translation&lang=en`;

describe.each(testDatabases())('answers from memory on %s', (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(kind);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('sends translations with an ETag and an hour of caching, and 304 when the client holds them', async () => {
    const first = await portal.request<Envelope<{ packageHtml: string }>>('GET', translationUrl);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=3600');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await portal.request('GET', translationUrl, undefined, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    expect(again.headers.get('etag')).toBe(etag);
    const other = await portal.request('GET', translationUrl, undefined, { 'if-none-match': 'W/"other"' });
    expect(other.status).toBe(200);
  });

  it('revalidates configuration, whose ETag changes with the configuration', async () => {
    const before = await portal.request<ConfigAnswer>('GET', configUrl);
    expect(before.headers.get('cache-control')).toBe('no-cache');
    const etag = before.headers.get('etag')!;
    expect((await portal.request('GET', configUrl, undefined, { 'if-none-match': etag })).status).toBe(304);
    await portal.request('PATCH', '/sandbox/config', { customerCareNumber: '0800 111 2222' });
    const after = await portal.request<ConfigAnswer>('GET', configUrl, undefined, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.body.result.configData.customerCareNumber).toBe('0800 111 2222');
    expect(after.headers.get('etag')).not.toBe(etag);
    await portal.request('POST', '/sandbox/reset');
  });

  it('refuses a change that puts a minimum amount above its maximum, and keeps the configuration', async () => {
    const before = await portal.request<ConfigAnswer>('GET', configUrl);
    const max = before.body.result.configData.postMaxAmnt;
    const refused = await portal.request<{ result: { problems: string[] } }>('PATCH', '/sandbox/config', {
      postMinAmnt: max + 1,
    });
    expect(refused.status).toBe(400);
    // The answer says why, as the log does.
    expect(refused.body.result.problems).toEqual([expect.stringMatching(/^postMinAmnt: /)]);
    const unknown = await portal.request<{ result: { problems: string[] } }>('PATCH', '/sandbox/config', {
      noSuchKey: 1,
    });
    expect(unknown.body.result.problems).toEqual(['Unknown configuration keys: noSuchKey']);
    // Values the pages could not use: a limit in kobo, no number to call, a gateway key the browser cannot read.
    for (const [key, value] of [
      ['preMinAmnt', 50.5],
      ['customerCareNumber', ''],
      ['payStackConfig', 'not json'],
    ] as const) {
      const wrong = await portal.request<{ result: { problems: string[] } }>('PATCH', '/sandbox/config', {
        [key]: value,
      });
      expect(wrong.status, key).toBe(400);
      expect(wrong.body.result.problems).toEqual([expect.stringMatching(new RegExp(`^${key}: `))]);
    }
    const after = await portal.request<ConfigAnswer>('GET', configUrl);
    expect(after.body.result.configData.postMinAmnt).toBe(before.body.result.configData.postMinAmnt);
  });

  it('hot routes answer, through their compiled serialisers, exactly the bytes zod and JSON.stringify write', async () => {
    const { transactionId } = await startCardPayment(portal, 100);
    const calls: [string, string, z.ZodType, unknown?][] = [
      ['GET', configUrl, configResponse],
      ['GET', translationUrl, activePackageResponse],
      ['GET', `${PATHS.faqs}?opco=NG&lang=yo`, faqsResponse],
      ['GET', `${PATHS.status}?tid=${transactionId}`, statusResponse],
      ['GET', `${PATHS.status}?tid=NOSUCHTRANSACTION`, errorEnvelope],
      [
        'POST',
        PATHS.bundles,
        bundlesResponse,
        { msisdn: '8021000001', lineType: 'PREPAID', serviceType: null },
      ],
    ];
    for (const [method, url, schema, body] of calls) {
      const response = await fetch(`${portal.baseUrl}${url}`, {
        method,
        headers: {
          'accept-encoding': 'identity',
          ...clientHeaders(portal.config.clientHeaders),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      expect(text, url).toBe(JSON.stringify(z.encode(schema, JSON.parse(text))));
    }
  });

  it('sends a kept answer compressed as the client asks, the same content as the plain one', async () => {
    const read = async (acceptEncoding: string) => {
      const response = await fetch(`${portal.baseUrl}${PATHS.faqs}?opco=NG&lang=en`, {
        headers: { 'accept-encoding': acceptEncoding, ...clientHeaders(portal.config.clientHeaders) },
      });
      return { headers: response.headers, text: await response.text() };
    };
    const plain = await read('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('accept-encoding');
    for (const [asked, sent] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ]) {
      const compressed = await read(asked!);
      expect(compressed.headers.get('content-encoding'), asked).toBe(sent);
      expect(compressed.headers.get('etag')).toBe(plain.headers.get('etag'));
      expect(compressed.text).toBe(plain.text);
    }
  });

  it('sends the bundle list for a number compressed from its kept copy, and never lets it be cached', async () => {
    const read = async (acceptEncoding: string) => {
      const response = await fetch(`${portal.baseUrl}${PATHS.bundles}`, {
        method: 'POST',
        headers: {
          'accept-encoding': acceptEncoding,
          'content-type': 'application/json',
          ...clientHeaders(portal.config.clientHeaders),
        },
        body: JSON.stringify({ msisdn: '8021000001', lineType: 'PREPAID', serviceType: null }),
      });
      return { headers: response.headers, text: await response.text() };
    };
    const plain = await read('identity');
    const compressed = await read('br, gzip');
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.text).toBe(plain.text);
    // Only a kept answer says Vary on its plain form too (a copy compressed per request says it when compressed).
    expect(plain.headers.get('vary')).toBe('accept-encoding');
    expect(JSON.parse(plain.text).result.length).toBeGreaterThan(0);
    for (const answer of [plain, compressed]) {
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('etag')).toBeNull();
    }
  });

  it('keeps personal answers out of every cache', async () => {
    const status = await portal.request('GET', `${PATHS.status}?tid=NOSUCHTRANSACTION`);
    expect(status.headers.get('cache-control')).toBe('no-store');
    expect(status.headers.get('etag')).toBeNull();
  });
});

describe.runIf(process.env['TEST_DATABASE_URL'])('two instances on one PostgreSQL database', () => {
  const portals = twoInstancesOnOnePostgres();

  it('a configuration change on one is answered by the other within a second, without a restart', async () => {
    const { a, b } = portals;
    const careNumber = (portal: TestPortal) => async () =>
      (await portal.request<ConfigAnswer>('GET', configUrl)).body.result.configData.customerCareNumber;
    const original = await careNumber(b)();
    expect(await careNumber(a)()).toBe(original);

    const patched = await a.request('PATCH', '/sandbox/config', { customerCareNumber: '0700 000 1234' });
    expect(patched.status).toBe(200);
    // The instance that acknowledged the change answers with it at once.
    expect(await careNumber(a)()).toBe('0700 000 1234');
    expect(await msUntil(careNumber(b), (n) => n === '0700 000 1234', 1000)).toBeLessThan(1000);

    await b.request('POST', '/sandbox/reset');
    expect(await careNumber(b)()).toBe(original);
    expect(await msUntil(careNumber(a), (n) => n === original, 1000)).toBeLessThan(1000);
  });

  it('a vote counted by one instance shows in the other one’s FAQ list', async () => {
    const { a, b } = portals;
    const totalVotes = (portal: TestPortal) => async () =>
      (
        await portal.request<Envelope<FaqItem[]>>(
          'GET',
          `${PATHS.faqs}?${new URLSearchParams({ opco: OPCO, lang: 'en', questionId: 'dat-002' })}`,
        )
      ).body.result[0]?.totalVotes;
    const before = (await totalVotes(b)()) ?? 0;
    const voted = await a.request<Envelope<LikeCountResult>>(
      'GET',
      `${PATHS.likeCount}?${new URLSearchParams({ questionId: 'dat-002', isLike: 'true', opco: 'NG' })}`,
    );
    expect(voted.body.result.totalVotes).toBe(before + 1);
    await msUntil(totalVotes(b), (n) => n === before + 1, 1000);
  });
});

describe('content files are checked once, at start-up', () => {
  const store: ContentStore = {
    upsertPages: async () => undefined,
    listPages: async () => [],
    upsertMarketConfig: async () => undefined,
    listMarketConfigs: async () => [],
    mergeOverrides: async () => undefined,
    clearOverrides: async () => undefined,
  };
  const contentDir = (files: Record<string, string>) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-content-'));
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    return dir;
  };
  const ng = listMarketConfigs(CONTENT_DIR).find((c) => c.code === 'NG')!.configData;

  it('a configuration that breaks the contract stops the start, naming the file and the field', async () => {
    const dir = contentDir({
      'config/NG.json': JSON.stringify({ ...ng, paymentMaxTry: 'three' }),
      'pages/en/translation.json': '{}',
    });
    await expect(createContentService(store).loadFromFiles('NG', dir)).rejects.toThrow(
      /content\/config\/NG\.json is not valid: paymentMaxTry: /,
    );
  });

  it('a minimum amount above its maximum stops the start: no amount could be paid', async () => {
    const dir = contentDir({
      'config/NG.json': JSON.stringify({ ...ng, preMinAmnt: 60_000, preMaxAmnt: 50_000 }),
      'pages/en/translation.json': '{}',
    });
    await expect(createContentService(store).loadFromFiles('NG', dir)).rejects.toThrow(
      /content\/config\/NG\.json is not valid: preMinAmnt: must not be above preMaxAmnt/,
    );
  });

  it('a translation key English does not have is named, not refused; a key a language lacks is English', async () => {
    const stored: { language: string; pageUrl: string; packageHtml: string }[] = [];
    const saving: ContentStore = {
      ...store,
      upsertPages: async (_opco, pages) => void stored.push(...pages),
    };
    const dir = contentDir({
      'config/NG.json': JSON.stringify(ng),
      'pages/en/translation.json': JSON.stringify({ 'recharge.title': 'Recharge', 'recharge.buy': 'Buy' }),
      'pages/en/header.json': JSON.stringify({ links: [] }),
      'pages/ha/translation.json': JSON.stringify({ 'recharge.titel': 'Caji', 'recharge.buy': 'Saya' }),
      'pages/ha/header.json': JSON.stringify({ links: [], extra: true }),
      'pages/sw/translation.json': JSON.stringify({ 'recharge.buy': 'Nunua' }),
    });
    const loaded = await createContentService(saving).loadFromFiles('NG', dir);
    expect(loaded.unknownKeys).toEqual([
      { file: 'content/pages/ha/translation.json', keys: ['recharge.titel'] },
    ]);
    const texts = (language: string) =>
      JSON.parse(stored.find((p) => p.language === language && p.pageUrl === 'translation')!.packageHtml);
    expect(texts('sw')).toEqual({ 'recharge.buy': 'Nunua', 'recharge.title': 'Recharge' });
    expect(texts('ha')).toEqual({
      'recharge.titel': 'Caji',
      'recharge.buy': 'Saya',
      'recharge.title': 'Recharge',
    });
    // A page whose keys are all there is stored as the file has it.
    expect(stored.find((p) => p.language === 'ha' && p.pageUrl === 'header')!.packageHtml).toBe(
      '{"links":[],"extra":true}',
    );
  });

  it('a page that is not JSON stops the start, naming the file', async () => {
    const dir = contentDir({
      'config/NG.json': JSON.stringify(ng),
      'pages/en/translation.json': '{"a": ',
    });
    await expect(createContentService(store).loadFromFiles('NG', dir)).rejects.toThrow(
      /content\/pages\/en\/translation\.json is not valid JSON/,
    );
  });
});
