import { Writable } from 'node:stream';
import { PATHS } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, type TestPortal } from '../test/harness.js';

describe('request logging', () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal('pglite', { logger: { level: 'info', stream } });
  }, 180_000);
  afterAll(async () => {
    await portal?.close();
  });

  it('writes one line per request: method, route, status and time', async () => {
    lines.length = 0;
    await portal.request('GET', `${PATHS.config}?code=NG`);
    const requestLines = lines.filter(
      (l) => l['msg'] !== undefined && String(l['msg']).startsWith('request'),
    );
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      method: 'GET',
      route: PATHS.config,
      status: 200,
      msg: 'request',
    });
    expect(typeof requestLines[0]!['ms']).toBe('number');
    expect(requestLines[0]!['reqId']).toBeTypeOf('string');
    expect(lines.some((l) => l['msg'] === 'incoming request')).toBe(false);
  });

  it('names the route of an unknown path as unmatched', async () => {
    lines.length = 0;
    await portal.request('GET', '/orp/bfe/api/portal-service/no-such-thing?msisdn=08021000001');
    expect(lines).toContainEqual(expect.objectContaining({ route: 'unmatched', status: 404 }));
    expect(JSON.stringify(lines)).not.toContain('8021000001');
  });
});
